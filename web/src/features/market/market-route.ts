/** The addresses of the market browser (public-tools §2). */

/** The type id in the address, or null: /market, or a segment that is not a type id. */
export function typeIdOfParam(param: string | undefined): number | null {
  if (param === undefined || !/^\d{1,10}$/.test(param)) return null;
  const id = Number(param);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}

/** Whether the address asks for the price history: /market/{typeId}/history. */
export function isHistoryPath(pathname: string): boolean {
  return /^\/market\/[^/]+\/history\/?$/.test(pathname);
}

export function marketPath(typeId: number, withHistory = false): string {
  return withHistory ? `/market/${typeId}/history` : `/market/${typeId}`;
}

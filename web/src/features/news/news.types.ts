/** One entry of the news page (public-tools §3: News entry). */
export interface NewsEntry {
  /** UTC date, YYYY-MM-DD. */
  readonly date: string;
  readonly title: string;
  readonly content: string;
  readonly changes: readonly string[];
  readonly changesCategories: readonly { readonly title: string; readonly changes: readonly string[] }[];
}

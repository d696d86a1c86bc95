/**
 * Stream names are `<category>-<id>`: the category has no `-`, so the category of any stream is the part before
 * the first `-`. Each category gets one builder function.
 */
export function streamName(category: string, id: string | number): string {
  if (!/^[a-z][a-zA-Z0-9]*$/.test(category)) {
    throw new Error(
      `Stream category '${category}' must be alphanumeric, start with a lower-case letter, and have no '-'`,
    );
  }
  const idText = String(id);
  if (idText.length === 0) throw new Error('Stream id must not be empty');
  return `${category}-${idText}`;
}

export function streamCategory(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? streamId : streamId.slice(0, dash);
}

/** The id part of a stream name: `account-4b0d…` → `4b0d…`. */
export function streamEntityId(streamId: string): string {
  const dash = streamId.indexOf('-');
  return dash === -1 ? '' : streamId.slice(dash + 1);
}

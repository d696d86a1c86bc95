import { useCallback, useEffect, useState } from 'react';
import { useAppraisalParseMutation, type PasteReading } from './appraisal-api';
import { serverMessage } from './appraisal-request';

/** How long the text must stay unchanged before the preview asks the server to read it. */
export const PREVIEW_DEBOUNCE_MS = 300;

interface Reading {
  readonly text: string;
  readonly reading: PasteReading | null;
  readonly error: string | null;
}

export interface PastePreview {
  /** The reading of the current text; null while it is being read, or for an empty box. */
  readonly reading: PasteReading | null;
  readonly error: string | null;
  /** The current text has not been read yet. */
  readonly pending: boolean;
  /** The reading of the current text, asking the server now if the preview has not caught up. */
  readNow(): Promise<PasteReading | null>;
}

/**
 * The live preview: the paste parser runs on the server (the same code that appraises), asked once the text has
 * rested for {@link PREVIEW_DEBOUNCE_MS}; an answer for an older text is dropped.
 */
export function usePastePreview(text: string): PastePreview {
  const [parse] = useAppraisalParseMutation();
  const [latest, setLatest] = useState<Reading | null>(null);

  const read = useCallback(
    async (wanted: string): Promise<Reading> => {
      if (wanted.trim().length === 0) return { text: wanted, reading: null, error: null };
      try {
        const reading = await parse({ body: { text: wanted } }).unwrap();
        return { text: wanted, reading, error: null };
      } catch (error) {
        return { text: wanted, reading: null, error: serverMessage(error) ?? 'The paste could not be read.' };
      }
    },
    [parse],
  );

  useEffect(() => {
    let stillWanted = true;
    const timer = setTimeout(() => {
      void read(text).then((result) => {
        if (stillWanted) setLatest(result);
      });
    }, PREVIEW_DEBOUNCE_MS);
    return () => {
      stillWanted = false;
      clearTimeout(timer);
    };
  }, [text, read]);

  // A reading of an older text is kept but not shown: `latest.text` says which text it belongs to.
  const current = latest?.text === text ? latest : null;
  const readNow = useCallback(async () => {
    if (current) return current.reading;
    const result = await read(text);
    setLatest(result);
    return result.reading;
  }, [current, read, text]);

  return {
    reading: current?.reading ?? null,
    error: current?.error ?? null,
    pending: current === null && text.trim().length > 0,
    readNow,
  };
}

import { EditorError } from '../../src/editor/index.js';

/** The refusal `fn` ends with (its code), or a failure when it succeeds or fails otherwise. */
export async function refusal(fn: () => Promise<unknown>): Promise<EditorError> {
  try {
    await fn();
  } catch (err) {
    if (err instanceof EditorError) return err;
    throw err;
  }
  throw new Error('expected a refusal');
}

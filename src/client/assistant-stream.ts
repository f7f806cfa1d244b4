/** Reads the site's assistant stream (AI SDK 5 UI message stream: `data: {json}` events) part by part. */
export interface StreamPart {
  type: string;
  /** On `start`: the answer's id, by which the reader rates it. */
  messageId?: string;
  delta?: string;
  url?: string;
  title?: string;
  threadId?: string;
  outcome?: string;
  errorText?: string;
}

export async function readParts(body: ReadableStream<Uint8Array>, onPart: (part: StreamPart) => void): Promise<void> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const event = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      const data = event
        .split('\n')
        .filter((l) => l.startsWith('data:'))
        .map((l) => l.slice(5).trim())
        .join('');
      if (!data || data === '[DONE]') continue;
      try {
        onPart(JSON.parse(data) as StreamPart);
      } catch {
        // A part this client does not read.
      }
    }
  }
}

/** The response side of the panel: the API's answer, or a failure explained. */
import { el } from './dom.js';
import type { Problem } from './send.js';
import type { Answer } from './spec.js';

function formatted(answer: Answer): string {
  if (answer.encoding === 'base64') return `(${Math.round((answer.body.length * 3) / 4)} bytes of binary data)`;
  try {
    return JSON.stringify(JSON.parse(answer.body), null, 2);
  } catch {
    // Not JSON: shown as the API sent it.
    return answer.body;
  }
}

export function showAnswer(out: HTMLElement, answer: Answer, route: string): void {
  const status = el('span', { class: `pg-status pg-status-${String(answer.status)[0]}`, text: `${answer.status} ${answer.statusText}`.trim() });
  out.replaceChildren(
    el('p', { class: 'pg-meta' }, status, ` · ${answer.timeMs} ms · ${route}`),
    el('details', { class: 'pg-headers' }, el('summary', { text: `Headers (${answer.headers.length})` }), el('pre', { text: answer.headers.map(([k, v]) => `${k}: ${v}`).join('\n') })),
    el('pre', { class: 'pg-answer', 'data-api-response': '' }, el('code', { text: formatted(answer) })),
  );
}

export function showProblem(out: HTMLElement, problem: Problem): void {
  out.replaceChildren(el('div', { class: 'pg-error', role: 'alert' }, el('strong', { text: problem.title }), ...problem.lines.map((line) => el('p', { text: line }))));
}

/** The operation's example response, shown until a real answer arrives. */
export function showExample(out: HTMLElement, code: string): void {
  out.replaceChildren(el('pre', { class: 'pg-answer pg-example', 'data-api-example': '' }, el('code', { text: code })));
}

/** Nothing sent yet, or what the reader sees while a request is on its way. */
export function showNote(out: HTMLElement, text: string): void {
  out.replaceChildren(el('p', { class: 'pg-meta', text }));
}

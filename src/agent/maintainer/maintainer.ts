import { AgentError } from '../codes.js';
import type { AgentRun, AgentRunInput } from '../model.js';
import { MAINTENANCE_TASKS, tasksForPrompt } from './tasks.js';

/** The built-in model name. */
export const MAINTAINER_MODEL = 'folio-maintainer';

/**
 * folio-maintainer: a deterministic agent with no network. It carries out the
 * maintenance tasks the prompt names and fails, saying what it can do, on
 * prompts it does not recognise.
 */
export async function runMaintainer({ root, prompt, log, step, signal }: AgentRunInput): Promise<AgentRun> {
  const tasks = tasksForPrompt(prompt);
  if (tasks.length === 0) {
    const can = MAINTENANCE_TASKS.map((t) => `"${t.example}"`).join(', ');
    throw new AgentError('AGENT_PROMPT_NOT_UNDERSTOOD', `folio-maintainer does not recognise the prompt. It can: ${can}. Rephrase the prompt, or pick a language-model agent in "model".`);
  }
  const sections: string[] = [];
  const done: string[] = [];
  for (const task of tasks) {
    signal?.throwIfAborted();
    log?.(`maintainer: ${task.id}`);
    step?.({ kind: 'note', text: `Task: ${task.title.toLowerCase()}.` });
    for (const file of task.reads) step?.({ kind: 'read', text: file });
    const result = await task.run(root, prompt, signal);
    step?.({ kind: 'note', text: result.changed ? `${task.title}: done.` : `${task.title}: nothing to change. ${result.notes.at(-1) ?? ''}`.trim() });
    if (result.changed) done.push(task.title);
    const notes = result.notes.map((n) => `- ${n}`).join('\n');
    // One task is the whole run, already named by the title: a heading would repeat it.
    sections.push(tasks.length > 1 ? `#### ${task.title}\n\n${notes}` : notes);
  }
  return {
    title: done.length > 0 ? done.join('; ') : tasks.map((t) => t.title).join('; '),
    summary: sections.join('\n\n'),
  };
}

import { AgentError } from './codes.js';
import type { LlmOptions } from './llm/options.js';
import { MAINTAINER_MODEL, runMaintainer } from './maintainer/maintainer.js';
import type { AgentModel } from './model.js';

/** The agent for a job's `model` field: the built-in maintainer, a model registered by the embedding program, or the configured language-model provider. */
export function modelFor(name: string, llm: LlmOptions | null, extra: Readonly<Record<string, AgentModel>> = {}): AgentModel {
  if (name === MAINTAINER_MODEL) return runMaintainer;
  const custom = Object.hasOwn(extra, name) ? extra[name] : undefined;
  if (custom) return custom;
  // The AI SDK loads on first use, so workers that only run the maintainer start faster.
  if (llm) return async (input) => (await import('./llm/llm-agent.js')).llmAgent(llm, name)(input);
  throw new AgentError(
    'AGENT_UNKNOWN_MODEL',
    `Model "${name}" is not available: use "${MAINTAINER_MODEL}", or configure a language-model endpoint (FOLIO_LLM_BASE_URL and FOLIO_LLM_API_KEY, or ANTHROPIC_API_KEY).`,
  );
}

/** The model names a server offers: the built-in maintainer, registered models, and the language models listed in `FOLIO_LLM_MODELS`. */
export function availableModels(llm: LlmOptions | null, extra: Readonly<Record<string, AgentModel>> = {}): string[] {
  return [...new Set([MAINTAINER_MODEL, ...Object.keys(extra), ...(llm?.models ?? [])])];
}

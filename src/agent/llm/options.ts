/** Where language models are served. Read from configuration or the environment (see `llmOptionsFromEnv`). */
export interface LlmOptions {
  /** `openai-compatible` (any server speaking chat completions) or `anthropic`. */
  provider: 'openai-compatible' | 'anthropic';
  /** API base URL, e.g. `https://api.openai.com/v1` or a local server's `/v1`. */
  baseUrl?: string;
  apiKey?: string;
  /** Model ids offered to jobs and in the dashboard (`FOLIO_LLM_MODELS`, comma-separated). */
  models?: string[];
  /** Tool-call rounds before the agent must stop (default 30). */
  maxSteps?: number;
  /** Tokens (input and output, all steps) a run may use (default 400 000). */
  maxTokens?: number;
}

/** LLM settings from `FOLIO_LLM_PROVIDER`, `FOLIO_LLM_BASE_URL`, `FOLIO_LLM_API_KEY` (or `ANTHROPIC_API_KEY`) and `FOLIO_LLM_MODELS`; null when no endpoint is set. */
export function llmOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): LlmOptions | null {
  const provider = env.FOLIO_LLM_PROVIDER === 'anthropic' || (!env.FOLIO_LLM_BASE_URL && env.ANTHROPIC_API_KEY) ? 'anthropic' : 'openai-compatible';
  const apiKey = env.FOLIO_LLM_API_KEY ?? (provider === 'anthropic' ? env.ANTHROPIC_API_KEY : undefined);
  if (!env.FOLIO_LLM_BASE_URL && !apiKey) return null;
  const models = (env.FOLIO_LLM_MODELS ?? '').split(',').map((m) => m.trim()).filter(Boolean);
  return { provider, baseUrl: env.FOLIO_LLM_BASE_URL, apiKey, models, maxSteps: positive(env.FOLIO_LLM_MAX_STEPS), maxTokens: positive(env.FOLIO_LLM_MAX_TOKENS) };
}

/** A positive integer setting, or undefined (the default applies) when unset or not one. */
function positive(text: string | undefined): number | undefined {
  const n = Number(text);
  return text && Number.isInteger(n) && n > 0 ? n : undefined;
}

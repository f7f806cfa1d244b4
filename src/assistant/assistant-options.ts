/**
 * Whether the server answers readers' questions, with which model, and within which limits. The
 * model is the agent's (`FOLIO_LLM_*`: an OpenAI-compatible endpoint such as a local Ollama, or
 * Anthropic); `FOLIO_ASSISTANT_MODEL` names the one the assistant uses (default: the first of
 * `FOLIO_LLM_MODELS`). No model: the discovery API and the widget's search still work.
 */
import { llmOptionsFromEnv, type LlmOptions } from '../agent/index.js';

/** Every limit of the answer loop and its routes; each one reached is answered with a clear message. */
export interface AssistantLimits {
  /** Model rounds (tool calls and the answer) per answer. */
  maxSteps: number;
  /** Tokens the model may write in one round (the answer's length in tokens). */
  maxOutputTokens: number;
  /** Characters of one answer; the stream stops there with a note. */
  maxAnswerChars: number;
  /** Tokens (input and output, all rounds) one answer may use. */
  maxTokensPerAnswer: number;
  /** Wall-clock time of one answer, in milliseconds. */
  timeoutMs: number;
  /** Characters of a question. */
  maxQuestionChars: number;
  /** Questions per thread. */
  maxThreadQuestions: number;
  /** Tokens per project per UTC day, shared by every server of the database. */
  dailyTokens: number;
  /** Questions a minute from one reader address, shared by every server of the database. */
  perAddressPerMinute: number;
  /** Questions a minute to one site, all readers together, shared by every server of the database. */
  perSitePerMinute: number;
}

export const DEFAULT_ASSISTANT_LIMITS: AssistantLimits = {
  maxSteps: 4,
  maxOutputTokens: 1_000,
  maxAnswerChars: 6_000,
  maxTokensPerAnswer: 30_000,
  timeoutMs: 60_000,
  maxQuestionChars: 2_000,
  maxThreadQuestions: 20,
  dailyTokens: 500_000,
  perAddressPerMinute: 10,
  perSitePerMinute: 120,
};

export interface AssistantOptions {
  llm: LlmOptions;
  /** The model id asked (e.g. `llama3.1:8b` on Ollama, `claude-sonnet-4-5`). */
  model: string;
  limits: AssistantLimits;
}

const ENV_LIMITS: Record<string, keyof AssistantLimits> = {
  FOLIO_ASSISTANT_MAX_STEPS: 'maxSteps',
  FOLIO_ASSISTANT_MAX_OUTPUT_TOKENS: 'maxOutputTokens',
  FOLIO_ASSISTANT_MAX_ANSWER_CHARS: 'maxAnswerChars',
  FOLIO_ASSISTANT_MAX_TOKENS_PER_ANSWER: 'maxTokensPerAnswer',
  FOLIO_ASSISTANT_TIMEOUT_MS: 'timeoutMs',
  FOLIO_ASSISTANT_MAX_THREAD_QUESTIONS: 'maxThreadQuestions',
  FOLIO_ASSISTANT_DAILY_TOKENS: 'dailyTokens',
  FOLIO_ASSISTANT_PER_ADDRESS: 'perAddressPerMinute',
  FOLIO_ASSISTANT_PER_SITE: 'perSitePerMinute',
};

/** The assistant's settings from the environment; null (no assistant, search only) without an endpoint or a model name. */
export function assistantOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): AssistantOptions | null {
  const llm = llmOptionsFromEnv(env);
  const model = env.FOLIO_ASSISTANT_MODEL?.trim() || llm?.models?.[0];
  if (!llm || !model) return null;
  const limits = { ...DEFAULT_ASSISTANT_LIMITS };
  for (const [name, field] of Object.entries(ENV_LIMITS)) {
    const n = Number(env[name]);
    if (env[name] && Number.isInteger(n) && n > 0) limits[field] = n;
  }
  return { llm, model, limits };
}

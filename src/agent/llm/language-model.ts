import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import type { LanguageModel } from 'ai';
import { AgentError } from '../codes.js';
import type { LlmOptions } from './options.js';

/** The AI SDK model `modelId` at the configured endpoint (agents and the docs assistant share it). */
export function languageModel(opts: LlmOptions, modelId: string): LanguageModel {
  if (opts.provider === 'anthropic') return createAnthropic({ apiKey: opts.apiKey, baseURL: opts.baseUrl })(modelId);
  if (!opts.baseUrl) throw new AgentError('AGENT_UNKNOWN_MODEL', 'An OpenAI-compatible model needs FOLIO_LLM_BASE_URL (the server\'s /v1 URL).');
  // `includeUsage`: streamed answers report their tokens too (the assistant's budget counts them).
  return createOpenAICompatible({ name: 'folio-llm', baseURL: opts.baseUrl, apiKey: opts.apiKey, includeUsage: true }).chatModel(modelId);
}

import type { LlmOptions } from './options.js';
import { loadLanguageModel } from './load-language-model.js';

/**
 * One prompt, one answer, no tools: what other layers ask of the configured model (the dashboard's
 * topic names). The `ai` SDK stays inside the agent layer; a slow model is cut off at `timeoutMs`.
 */
export async function completeText(llm: LlmOptions, modelId: string, prompt: string, { maxOutputTokens = 1_000, timeoutMs = 20_000 }: { maxOutputTokens?: number; timeoutMs?: number } = {}): Promise<string> {
  const model = await loadLanguageModel(llm, modelId);
  // Loaded on first use, as the model itself: a server that never asks never loads the SDK.
  const { generateText } = await import('ai');
  const { text } = await generateText({ model, prompt, maxOutputTokens, abortSignal: AbortSignal.timeout(timeoutMs) });
  return text;
}

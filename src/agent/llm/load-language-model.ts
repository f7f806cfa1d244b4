import type { LanguageModel } from 'ai';
import type { LlmOptions } from './options.js';

/** The configured endpoint's model `modelId`, loading the AI SDK on first use (a server that never asks a model never loads it). */
export async function loadLanguageModel(opts: LlmOptions, modelId: string): Promise<LanguageModel> {
  return (await import('./language-model.js')).languageModel(opts, modelId);
}

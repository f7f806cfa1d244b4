import { describe, expect, it } from 'vitest';
import { llmOptionsFromEnv } from './llm/options.js';
import { availableModels } from './models.js';

describe('availableModels', () => {
  it('offers the maintainer, registered models and the language models of FOLIO_LLM_MODELS', () => {
    expect(availableModels(llmOptionsFromEnv({}))).toEqual(['folio-maintainer']);
    const llm = llmOptionsFromEnv({ FOLIO_LLM_BASE_URL: 'http://127.0.0.1:9/v1', FOLIO_LLM_MODELS: 'llama-3.1-8b, qwen2.5 ,,' });
    expect(availableModels(llm, { scripted: async () => ({ title: '', summary: '' }) })).toEqual(['folio-maintainer', 'scripted', 'llama-3.1-8b', 'qwen2.5']);
  });
});

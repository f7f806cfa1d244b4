import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, stepCountIs, type LanguageModel } from 'ai';
import { AgentError } from '../codes.js';
import type { AgentModel } from '../model.js';
import type { LlmOptions } from './options.js';
import { docsTools } from './tools.js';

function languageModel(opts: LlmOptions, modelId: string): LanguageModel {
  if (opts.provider === 'anthropic') return createAnthropic({ apiKey: opts.apiKey, baseURL: opts.baseUrl })(modelId);
  if (!opts.baseUrl) throw new AgentError('AGENT_UNKNOWN_MODEL', 'An OpenAI-compatible model needs FOLIO_LLM_BASE_URL (the server\'s /v1 URL).');
  return createOpenAICompatible({ name: 'folio-llm', baseURL: opts.baseUrl, apiKey: opts.apiKey }).chatModel(modelId);
}

const SYSTEM = [
  'You maintain a documentation repository built with Folio (docs.json + MDX pages, Mintlify-compatible).',
  'Use the tools to inspect and edit files; paths are relative to the docs root.',
  'Keep edits minimal and on-topic. Before finishing, run `validate` (and `build` for larger edits) and repair any error you caused.',
  'Finish with a short summary of what you changed: the first line is a pull request title, the rest its description.',
].join('\n');

/** A language-model agent for `modelId`, looping over tool calls until it answers or runs out of steps. */
export function llmAgent(opts: LlmOptions, modelId: string): AgentModel {
  return async ({ root, prompt, signal, log, step }) => {
    const edited = new Set<string>();
    let result;
    try {
      result = await generateText({
        model: languageModel(opts, modelId),
        system: SYSTEM,
        prompt,
        tools: docsTools(root, edited, step),
        stopWhen: stepCountIs(opts.maxSteps ?? 30),
        abortSignal: signal,
        maxRetries: 1,
        onStepFinish: (step) => log?.(`llm: step with ${step.toolCalls.length} tool call(s)`),
      });
    } catch (err) {
      if (err instanceof AgentError) throw err;
      throw new AgentError('AGENT_LLM_FAILED', `Model "${modelId}" failed: ${(err as Error).message}`);
    }
    const text = result.text.trim();
    const [first = '', ...rest] = text.split('\n');
    const files = [...edited].sort();
    return {
      title: (first.replace(/^#+\s*/, '') || `Agent edits: ${prompt.slice(0, 60)}`).slice(0, 120),
      summary: [rest.join('\n').trim() || text, files.length ? `Files written: ${files.map((f) => `\`${f}\``).join(', ')}` : ''].filter(Boolean).join('\n\n'),
    };
  };
}

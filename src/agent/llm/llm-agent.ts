import { createAnthropic } from '@ai-sdk/anthropic';
import { createOpenAICompatible } from '@ai-sdk/openai-compatible';
import { generateText, stepCountIs, type LanguageModel } from 'ai';
import { AgentError } from '../codes.js';
import type { AgentModel } from '../model.js';
import { docsTools } from './tools.js';

/** Where language models are served. Read from configuration or the environment (see `llmOptionsFromEnv`). */
export interface LlmOptions {
  /** `openai-compatible` (any server speaking chat completions) or `anthropic`. */
  provider: 'openai-compatible' | 'anthropic';
  /** API base URL, e.g. `https://api.openai.com/v1` or a local server's `/v1`. */
  baseUrl?: string;
  apiKey?: string;
  /** Tool-call rounds before the agent must stop (default 30). */
  maxSteps?: number;
}

/** LLM settings from `FOLIO_LLM_PROVIDER`, `FOLIO_LLM_BASE_URL`, `FOLIO_LLM_API_KEY` (or `ANTHROPIC_API_KEY`); null when none is set. */
export function llmOptionsFromEnv(env: NodeJS.ProcessEnv = process.env): LlmOptions | null {
  const provider = env.FOLIO_LLM_PROVIDER === 'anthropic' || (!env.FOLIO_LLM_BASE_URL && env.ANTHROPIC_API_KEY) ? 'anthropic' : 'openai-compatible';
  const apiKey = env.FOLIO_LLM_API_KEY ?? (provider === 'anthropic' ? env.ANTHROPIC_API_KEY : undefined);
  if (!env.FOLIO_LLM_BASE_URL && !apiKey) return null;
  return { provider, baseUrl: env.FOLIO_LLM_BASE_URL, apiKey, maxSteps: env.FOLIO_LLM_MAX_STEPS ? Number(env.FOLIO_LLM_MAX_STEPS) : undefined };
}

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
  return async ({ root, prompt, signal, log }) => {
    const edited = new Set<string>();
    let result;
    try {
      result = await generateText({
        model: languageModel(opts, modelId),
        system: SYSTEM,
        prompt,
        tools: docsTools(root, edited),
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

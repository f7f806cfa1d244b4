import { generateText, stepCountIs, type StopCondition, type ToolSet } from 'ai';
import { AgentError } from '../codes.js';
import type { AgentModel } from '../model.js';
import { languageModel } from './language-model.js';
import type { LlmOptions } from './options.js';
import { SYSTEM_PROMPT } from './system-prompt.js';
import { docsTools } from './tools.js';

/** Stop once the steps so far used `budget` tokens or more. */
const tokensUsed = (steps: readonly { usage: { totalTokens?: number } }[]) => steps.reduce((n, st) => n + (st.usage.totalTokens ?? 0), 0);
const tokenBudget =
  <T extends ToolSet>(budget: number): StopCondition<T> =>
  ({ steps }) =>
    tokensUsed(steps) >= budget;

/**
 * A language-model agent for `modelId`: the SDK's tool loop, stopped by a step
 * limit or a token budget (the job's wall-clock limit aborts it through `signal`).
 * Every round is a note in the transcript, every file and check a step of its own.
 */
export function llmAgent(opts: LlmOptions, modelId: string): AgentModel {
  const maxSteps = opts.maxSteps ?? 30;
  const maxTokens = opts.maxTokens ?? 400_000;
  return async ({ root, prompt, instructions, signal, log, step }) => {
    const edited = new Set<string>();
    let result;
    let round = 0;
    try {
      result = await generateText({
        model: languageModel(opts, modelId),
        system: instructions ? `${SYSTEM_PROMPT}\n\n${instructions}` : SYSTEM_PROMPT,
        prompt,
        tools: docsTools(root, edited, step),
        stopWhen: [stepCountIs(maxSteps), tokenBudget(maxTokens)],
        abortSignal: signal,
        maxRetries: 1,
        onStepFinish: (s) => {
          round++;
          const calls = s.toolCalls.map((c) => c.toolName).join(', ');
          log?.(`llm: step ${round} with ${s.toolCalls.length} tool call(s)`);
          step?.({ kind: 'note', text: calls ? `Model step ${round}: called ${calls}.` : `Model step ${round}: answered.` });
          // A malformed call (unknown tool, arguments that are not the tool's JSON) goes back to the model as an
          // error it can correct; the transcript says so.
          for (const part of s.content) {
            if (part.type !== 'tool-error') continue;
            const why = part.error instanceof Error ? part.error.message : String(part.error);
            step?.({ kind: 'note', text: `Model step ${round}: the call to ${part.toolName} was refused: ${why.replace(/\s+/g, ' ').slice(0, 300)}` });
          }
        },
      });
    } catch (err) {
      if (err instanceof AgentError) throw err;
      throw new AgentError('AGENT_LLM_FAILED', `Model "${modelId}" failed: ${(err as Error).message}`);
    }
    // The loop ended on a limit rather than on an answer: nothing it half-did is pushed.
    if (result.finishReason === 'tool-calls') {
      const used = tokensUsed(result.steps);
      if (used >= maxTokens) {
        throw new AgentError('AGENT_TOKEN_BUDGET', `Model "${modelId}" used ${used} tokens, the budget of a run is ${maxTokens}, and it had not finished. Narrow the prompt or raise FOLIO_LLM_MAX_TOKENS.`);
      }
      throw new AgentError('AGENT_STEP_LIMIT', `Model "${modelId}" made ${result.steps.length} tool-call rounds, the limit of a run, without finishing. Narrow the prompt or raise FOLIO_LLM_MAX_STEPS.`);
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

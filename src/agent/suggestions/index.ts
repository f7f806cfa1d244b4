export * from './store.js';
export { suggestionJobPrompt } from './prompt.js';
export { checkProjectSuggestions, startSuggestionPoll, suggestionPollFromEnv, suggestionMaxProjectsFromEnv, SUGGESTIONS_TIMER, type SuggestionCheckResult, type SuggestionPoll, type SuggestionPollOptions } from './check.js';
export { changedNames, KIND_LABELS, type NameChange, type NameKind } from './names.js';
export { maintainerSuggestions, findUnlistedPages } from './maintainer-checks.js';
export { readAgentsMd, agentsMdInstructions, agentsMdNote, MAX_AGENTS_MD_BYTES, type AgentsMd } from './agents-md.js';

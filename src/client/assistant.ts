/** Entry of the assistant island (`assets/assistant.<hash>.js`). */
export { mountAssistant, openAssistant } from './assistant-panel.js';

/**
 * What a message in Slack asks for: a change to the docs ("fix …", "document …", "please update
 * …") becomes an agent job; anything else is a question for the assistant. Decided by the words the
 * message starts with, so a question that mentions fixing ("how do I fix …?") stays a question.
 */

export type SlackIntent = { kind: 'question'; text: string } | { kind: 'change'; prompt: string } | { kind: 'empty' };

const CHANGE_VERBS = 'fix|document|update|add|change|correct|rewrite|remove|delete|rename|write|improve|clarify|reword';
const CHANGE = new RegExp(`^(?:(?:can|could|would) you\\s+)?(?:please\\s+|pls\\s+|kindly\\s+)?(?:${CHANGE_VERBS})\\b`, 'i');

/** The message without mentions of users or the bot (`<@U123>`), spaces collapsed. */
export function messageText(text: string): string {
  return text.replace(/<@[A-Z0-9]+(?:\|[^>]*)?>/g, ' ').replace(/\s+/g, ' ').trim();
}

export function intentOf(raw: string): SlackIntent {
  const text = messageText(raw);
  if (!text) return { kind: 'empty' };
  // Slack escapes &, < and > in message text; the prompt gets the characters the person typed.
  const plain = text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&');
  if (CHANGE.test(plain)) return { kind: 'change', prompt: plain };
  return { kind: 'question', text: plain };
}

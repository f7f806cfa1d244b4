/** What one maintenance task did: whether files changed and lines for the pull request description. */
export interface TaskResult {
  changed: boolean;
  notes: string[];
}

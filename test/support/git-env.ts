/**
 * The environment for a test's own scratch repository: this process's, git's own variables left
 * out. Run under `git rebase --exec`, an inherited GIT_DIR would make `git init` re-initialize the
 * checkout's repository (as bare) and `git add`/`commit` write the scratch files into it.
 */
export function scratchGitEnv(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([name]) => !name.startsWith("GIT_")));
}

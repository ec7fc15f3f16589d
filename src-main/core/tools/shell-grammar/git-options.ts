// The git subcommands a rule for `git` covers and, per subcommand, the options it covers (parse-options grammar);
// a subcommand not listed here needs a rule for the exact command.
import { optionGrammar, type OptionGrammar } from './option-grammar';

const QUIET = '-q --quiet -v --verbose --progress --no-progress';

/** diff options (diff, log -p, show, stash show). */
const DIFF =
  '-p -u --patch -s --no-patch -U? --unified= --raw --patch-with-raw --patch-with-stat --stat? --numstat --shortstat ' +
  '--dirstat? --compact-summary --summary --name-only --name-status --submodule? --color? --no-color --word-diff? ' +
  '--word-diff-regex= --color-words? --no-renames --rename-empty --no-rename-empty --check --full-index --binary ' +
  '--abbrev? --no-abbrev -B? --break-rewrites? -M? --find-renames? -C? --find-copies? --find-copies-harder -D ' +
  '--irreversible-delete -l= -S= -G= --pickaxe-all --pickaxe-regex -R --relative? --no-relative -a --text ' +
  '--ignore-cr-at-eol --ignore-space-at-eol -b --ignore-space-change -w --ignore-all-space --ignore-blank-lines ' +
  '-I= --ignore-matching-lines= --inter-hunk-context= -W --function-context --exit-code --quiet --no-ext-diff ' +
  '--no-textconv --ignore-submodules? --src-prefix= --dst-prefix= --no-prefix --default-prefix --line-prefix= ' +
  '--ita-invisible-in-index --diff-filter= --diff-algorithm= --histogram --patience --minimal --anchored= ' +
  '--indent-heuristic --no-indent-heuristic --color-moved? --no-color-moved --color-moved-ws= --stat-width= ' +
  '--stat-name-width= --stat-count= --stat-graph-width= -z --cached --staged --merge-base --no-index --follow ' +
  '-c --cc --combined-all-paths -m --diff-merges= --no-diff-merges --remerge-diff -t --root -r --full-diff';

/** revision walking and formatting (log, show, shortlog, rev-list, reflog). */
const REVS =
  '-n= --max-count= --skip= --since= --after= --until= --before= --since-as-filter= --author= --committer= --grep= ' +
  '--grep-reflog= --all-match --invert-grep -i --regexp-ignore-case -E --extended-regexp -F --fixed-strings -P ' +
  '--perl-regexp --merges --no-merges --min-parents= --max-parents= --no-min-parents --no-max-parents --first-parent ' +
  '--exclude-first-parent-only --not --all --branches? --tags? --remotes? --exclude= --reflog --walk-reflogs -g ' +
  '--oneline --pretty? --format= --abbrev-commit --no-abbrev-commit --decorate? --no-decorate --decorate-refs= ' +
  '--decorate-refs-exclude= --clear-decorations --graph --reverse --date= --relative-date --left-right --left-only ' +
  '--right-only --cherry-pick --cherry-mark --cherry --boundary --ancestry-path? --simplify-by-decoration ' +
  '--simplify-merges --full-history --dense --sparse --topo-order --date-order --author-date-order --source ' +
  '--log-size -L= --mailmap --use-mailmap --no-mailmap --no-notes --expand-tabs? --no-expand-tabs --encoding= ' +
  '--parents --children --no-walk? --do-walk --count --objects --objects-edge --no-color --color? --show-pulls ' +
  '--show-linear-break? --single-worktree --in-commit-order --timestamp --header --bisect';

const FETCHING =
  '--all -a --append --atomic --depth= --deepen= --shallow-since= --shallow-exclude= --unshallow --update-shallow ' +
  '--dry-run -f --force -k --keep --multiple -p --prune -P --prune-tags -n --no-tags -t --tags --refetch --refmap= ' +
  '-j= --jobs= --recurse-submodules? --no-recurse-submodules --set-upstream --no-write-fetch-head ' +
  '--write-fetch-head --negotiation-tip= --filter= --porcelain -4 -6 --ipv4 --ipv6 -o= --server-option= ' +
  `--show-forced-updates --no-show-forced-updates ${QUIET}`;

const MERGING =
  '--commit --no-commit --no-edit --ff --no-ff --ff-only --squash --no-squash --stat -n --no-stat --log? --no-log ' +
  '--signoff --no-signoff -X= --strategy-option= --verify --no-verify --autostash --no-autostash ' +
  `--allow-unrelated-histories --rerere-autoupdate --no-rerere-autoupdate --cleanup= --no-gpg-sign ${QUIET}`;

const PICKING =
  '-n --no-commit --no-edit -x -m= --mainline= -s --signoff --ff --allow-empty --allow-empty-message ' +
  '--keep-redundant-commits --empty= --continue --skip --abort --quit -X= --strategy-option= --rerere-autoupdate ' +
  '--no-rerere-autoupdate --reference --cleanup= --no-gpg-sign';

const REF_FILTERS = '--contains? --no-contains? --merged? --no-merged? --points-at? --sort= --format= --color? --no-color --column? --no-column -i --ignore-case';

const PATHSPEC_FILE = '--pathspec-from-file= --pathspec-file-nul';

const TABLES: Record<string, string> = {
  status:
    '-s --short -b --branch --show-stash --porcelain? --long -u? --untracked-files? --ignored? --ignore-submodules? -z ' +
    `--column? --no-column --ahead-behind --no-ahead-behind --renames --no-renames --find-renames? ${QUIET}`,
  log: `${REVS} ${DIFF}`,
  show: `${REVS} ${DIFF}`,
  whatchanged: `${REVS} ${DIFF}`,
  'rev-list': `${REVS} --quiet`,
  diff: DIFF,
  'diff-tree': `${DIFF} --stdin --no-commit-id --always -v --pretty? --format= --encoding=`,
  'diff-index': `${DIFF} -m`,
  'diff-files': `${DIFF} -0 -1 -2 -3 --base --ours --theirs`,
  shortlog: `${REVS} -n --numbered -s --summary -e --email -c --committer --group= -w?`,
  reflog: `${REVS} ${DIFF} --expire= --expire-unreachable= --updateref --rewrite --stale-fix --dry-run`,
  add:
    '-n --dry-run -v --verbose -f --force -u --update -A --all --no-all --ignore-removal --no-ignore-removal -N ' +
    `--intent-to-add --refresh --ignore-errors --ignore-missing --sparse --renormalize --chmod= ${PATHSPEC_FILE}`,
  commit:
    '-a --all -m= --message= -F= --file= --amend --no-edit --allow-empty --allow-empty-message -s --signoff --no-signoff ' +
    '--dry-run --short --porcelain --long -z --author= --date= -n --no-verify --verify -o --only -i --include ' +
    '--fixup= --squash= --reset-author -C= --reuse-message= --cleanup= --trailer= --no-gpg-sign --status --no-status ' +
    `-u? --untracked-files? ${QUIET} ${PATHSPEC_FILE}`,
  branch:
    `-a --all -r --remotes -l --list -v --verbose -d --delete -D -m --move -M -c --copy -C -f --force ${REF_FILTERS} ` +
    '--show-current -t --track? --no-track -u= --set-upstream-to= --unset-upstream -q --quiet --abbrev= --no-abbrev ' +
    '--create-reflog',
  checkout:
    '-b= -B= -f --force -q --quiet -m --merge --detach --orphan= -t --track? --no-track --ours --theirs --conflict= ' +
    '--ignore-skip-worktree-bits --overwrite-ignore --no-overwrite-ignore --progress --no-progress ' +
    `--recurse-submodules? --no-recurse-submodules --guess --no-guess --ignore-other-worktrees ${PATHSPEC_FILE}`,
  switch:
    '-c= --create= -C= --force-create= -d --detach --guess --no-guess -f --force --discard-changes -m --merge ' +
    '--conflict= -q --quiet --progress --no-progress -t --track? --no-track --orphan= --ignore-other-worktrees ' +
    '--recurse-submodules? --no-recurse-submodules',
  restore:
    '-s= --source= -S --staged -W --worktree --ours --theirs -m --merge --conflict= --ignore-unmerged ' +
    `--ignore-skip-worktree-bits --overlay --no-overlay -q --quiet --progress --no-progress ${PATHSPEC_FILE}`,
  reset: `--soft --mixed --hard --merge --keep -q --quiet -N --intent-to-add --no-refresh --refresh --recurse-submodules? --no-recurse-submodules ${PATHSPEC_FILE}`,
  stash: `${DIFF} -k --keep-index --no-keep-index -u --include-untracked --only-untracked -a --all -q --quiet -m= --message= --index -S ${PATHSPEC_FILE}`,
  tag: `-a --annotate -d --delete -l --list -n? -m= --message= -F= --file= -f --force ${REF_FILTERS} --create-reflog --no-sign --cleanup= --trailer=`,
  fetch: FETCHING,
  pull: `${FETCHING} ${MERGING} -r --rebase? --no-rebase`,
  push:
    '--all --branches --mirror --tags --follow-tags --no-follow-tags --atomic --no-atomic -n --dry-run --porcelain ' +
    '--delete -d -f --force --force-with-lease? --no-force-with-lease --force-if-includes --no-force-if-includes -u ' +
    '--set-upstream --prune --no-verify --verify -o= --push-option= --recurse-submodules= --no-recurse-submodules ' +
    `--thin --no-thin -4 -6 --ipv4 --ipv6 ${QUIET}`,
  merge: `${MERGING} -m= -F= --file= --abort --continue --quit --into-name=`,
  rebase:
    '--onto= --keep-base --continue --skip --abort --quit --apply --merge -m --empty= --keep-empty --no-keep-empty ' +
    '--reapply-cherry-picks --no-reapply-cherry-picks --allow-empty-message --autostash --no-autostash --autosquash ' +
    '--no-autosquash --committer-date-is-author-date --ignore-date --reset-author-date --signoff -q --quiet -v ' +
    '--verbose --stat -n --no-stat --no-verify --verify --fork-point --no-fork-point --root --update-refs ' +
    '--no-update-refs -X= --strategy-option= --rebase-merges? --no-rebase-merges -f --force-rebase --no-ff ' +
    '--ignore-whitespace --whitespace= -C? --no-gpg-sign --rerere-autoupdate --no-rerere-autoupdate',
  'cherry-pick': PICKING,
  revert: PICKING,
  grep:
    '-i --ignore-case -I -w --word-regexp -v --invert-match -h -H --full-name -E --extended-regexp -G --basic-regexp ' +
    '-F --fixed-strings -P --perl-regexp -n --line-number --column -l --files-with-matches --name-only -L ' +
    '--files-without-match -z --null -o --only-matching -c --count --color? --no-color --break --heading -p ' +
    '--show-function -W --function-context -A= -B= -C= --after-context= --before-context= --context= --threads= ' +
    '-f= -e= --and --or --not --all-match -q --quiet --cached --no-index --untracked --no-exclude-standard ' +
    '--exclude-standard --recurse-submodules --max-depth= -r --recursive --no-recursive -m= --max-count= -a --text ' +
    '--no-textconv',
  blame:
    '-b --root --show-stats -L= -l -t -S= --reverse= --first-parent -p --porcelain --line-porcelain --incremental ' +
    '--encoding= --contents= -M? -C? --ignore-rev= --ignore-revs-file= --color-lines --color-by-age --progress ' +
    '--no-progress --score-debug -f --show-name -n --show-number -s -e --show-email -w --abbrev= -c --date=',
  'ls-files':
    '-c --cached -d --deleted -m --modified -o --others -i --ignored -s --stage -u --unmerged -k --killed -z -t -v -f ' +
    '--directory --no-empty-directory --eol --exclude= -x= --exclude-from= -X= --exclude-per-directory= ' +
    '--exclude-standard --error-unmatch --full-name --recurse-submodules --abbrev? --debug --deduplicate --sparse --format=',
  'ls-tree': '-d -r -t -l --long -z --name-only --name-status --object-only --full-name --full-tree --abbrev? --format=',
  'rev-parse':
    '--verify -q --quiet --short? --abbrev-ref? --symbolic --symbolic-full-name --show-toplevel --show-prefix --show-cdup ' +
    '--git-dir --git-common-dir --absolute-git-dir --is-inside-work-tree --is-inside-git-dir --is-bare-repository ' +
    '--is-shallow-repository --show-superproject-working-tree --all --branches? --tags? --remotes? --glob= --default= ' +
    '--revs-only --no-revs --flags --no-flags --sq --not --since= --until= --local-env-vars --path-format= ' +
    '--git-path= --show-object-format? --show-ref-format --disambiguate= --sq-quote --end-of-options',
  describe: '--all --tags --contains --abbrev= --candidates= --exact-match --debug --long --match= --exclude= --always --first-parent --dirty? --broken?',
  'show-ref': '--head --branches --tags --heads -d --dereference -s --hash? --verify --abbrev? -q --quiet --exists',
  'cat-file': '-t -s -e -p --batch-check? --batch? --batch-all-objects --follow-symlinks --unordered --buffer -Z --allow-unknown-type --mailmap --use-mailmap',
  'merge-base': '-a --all --octopus --independent --is-ancestor --fork-point',
  'for-each-ref': `--count= ${REF_FILTERS} --shell -s --perl --python --tcl --omit-empty --exclude=`,
  'count-objects': '-v --verbose -H --human-readable',
  remote: '-v --verbose -n --dry-run --push --all --auto -d --delete -p --prune',
  init: '-q --quiet --bare --object-format= --ref-format= -b= --initial-branch= --shared?',
  rm: `-f --force -n --dry-run -r --cached --ignore-unmatch --sparse -q --quiet ${PATHSPEC_FILE}`,
  mv: '-f --force -k -n --dry-run -v --verbose --sparse',
  clean: '-d -f --force -n --dry-run -q --quiet -e= --exclude= -x -X',
  version: '--build-options',
  'hash-object': '--stdin --stdin-paths -t= --path= --no-filters --literally',
  // only `status` and `summary` pass git-policy's place check (update, add, foreach, sync do not)
  submodule: '--cached --recursive -q --quiet --files -n= --summary-limit=',
  'show-branch': '-a --all -r --remotes --list --topo-order --date-order --current --sha1-name --no-name --more= --merge-base --independent --color? --no-color --reflog?',
  cherry: '-v --abbrev?',
  'name-rev': '--tags --refs= --exclude= --all --annotate-stdin --name-only --no-undefined --always',
  'check-ignore': '-q --quiet -v --verbose --stdin -z -n --non-matching --no-index',
  'check-attr': '-a --all --cached --stdin -z --source=',
};

const GRAMMARS = new Map<string, OptionGrammar>(
  // --output (diff options) writes its value: only an exact rule covers that
  Object.entries(TABLES).map(([sub, safe]) => [sub, optionGrammar({ safe, writes: '--output=', numericShort: true })]),
);

/** The option grammar a rule for `git` covers `git <sub>` with; undefined when only an exact rule covers it. */
export function gitSubcommandGrammar(sub: string): OptionGrammar | undefined {
  return GRAMMARS.get(sub);
}

/**
 * `-c key=value` / `--config-env key=VAR` keys a rule covers (compared lower-case, no subsection): colours, quoting
 * and output format. Any other key can name a program (core.pager, core.fsmonitor, alias.*, diff.external, …).
 */
export const SAFE_CONFIG_KEYS = new Set([
  'color.ui', 'color.diff', 'color.status', 'color.branch', 'color.grep', 'color.decorate', 'color.showbranch',
  'core.quotepath', 'core.abbrev', 'log.decorate', 'log.abbrevcommit', 'log.date', 'log.follow', 'diff.noprefix',
  'diff.mnemonicprefix', 'diff.renames', 'diff.relative', 'diff.algorithm', 'diff.context', 'column.ui', 'user.name',
  'user.email', 'init.defaultbranch', 'grep.linenumber', 'grep.patterntype', 'grep.extendedregexp', 'status.short',
  'status.branch', 'status.showuntrackedfiles', 'advice.detachedhead', 'advice.statushints', 'i18n.logoutputencoding',
]);

// The options a rule covers for programs that can run other code, as each program's own parser reads them
// (GNU getopt_long, popt, optparse, clap): the allow-list per program, and the options that run code.
import { optionGrammar, type OptionGrammar } from './option-grammar';

/** GNU make: `-f`/`--eval` load other code, `-C` leaves the folder the rule was given for. */
export const MAKE = optionGrammar({
  safe:
    '-j? --jobs? -k --keep-going -S --no-keep-going --stop -s --silent --quiet --no-silent -n --dry-run --just-print --recon ' +
    '-B --always-make -q --question -i --ignore-errors -w --print-directory --no-print-directory -O? --output-sync? ' +
    '-l? --load-average? --max-load? -r --no-builtin-rules -R --no-builtin-variables -t --touch -p --print-data-base ' +
    '-d --debug? --trace --warn-undefined-variables -v --version -h --help -e --environment-overrides -L --check-symlink-times',
  code:
    '-f= --file= --makefile= -E= --eval= -C= --directory= -I= --include-dir=',
});

/** GNU tar: the options that pipe members to, or compress through, another program. */
export const TAR = optionGrammar({
  safe:
    '-x --extract --get -c --create -t --list -r --append -u --update -d --diff --compare -v --verbose -f= --file= ' +
    '-z --gzip --gunzip --ungzip -j --bzip2 -J --xz --lzip --lzma --lzop --zstd -a --auto-compress -C= --directory= ' +
    '--exclude= --exclude-vcs --exclude-vcs-ignores --exclude-backups --exclude-caches --exclude-from= -X= ' +
    '--strip-components= --wildcards --no-wildcards --anchored --no-anchored --ignore-case -k --keep-old-files ' +
    '--skip-old-files --keep-newer-files --overwrite --no-overwrite-dir -O --to-stdout -m --touch -p --preserve-permissions ' +
    '--same-permissions --no-same-owner --no-same-permissions --numeric-owner --owner= --group= --mode= --mtime= --sort= ' +
    '-T= --files-from= --null --no-recursion --recursion --totals? -h --dereference --hard-dereference -P --absolute-names ' +
    '-W --verify --one-top-level? -S --sparse --occurrence? --show-transformed-names --transform= --xform= -s ' +
    '--preserve-order --same-order --help --version -w --interactive --confirmation -b= --blocking-factor= -B ' +
    '--read-full-records -i --ignore-zeros --force-local -l --check-links --format= -H= --no-xattrs --no-acls --no-selinux',
  code:
    '--to-command= --use-compress-program= -I= --checkpoint-action= --info-script= --new-volume-script= -F= ' +
    '--rsh-command= --rmt-command=',
  writes: '--index-file=',
});

/** rsync (popt): a remote shell or a remote rsync program is a command line. */
export const RSYNC = optionGrammar({
  safe:
    '-a --archive -v --verbose -q --quiet -r --recursive -l --links -L --copy-links -p --perms -t --times -g --group ' +
    '-o --owner -D --devices --specials -z --compress -h --human-readable -n --dry-run -u --update -c --checksum ' +
    '-P --progress --partial --stats -i --itemize-changes --info= --delete --delete-before --delete-during ' +
    '--delete-after --delete-excluded --exclude= --include= --exclude-from= --include-from= -C --cvs-exclude ' +
    '-x --one-file-system -H --hard-links -A --acls -X --xattrs -E --executability -R --relative -m --prune-empty-dirs ' +
    '--size-only --ignore-existing --existing -W --whole-file --inplace --append --no-perms --no-owner --no-group ' +
    '--no-times --list-only --version --help -8 --8-bit-output -F -d --dirs -O --omit-dir-times -J --omit-link-times ' +
    '--mkpath --timeout= --contimeout= --bwlimit= --max-size= --min-size= --chmod= --filter= -f= --numeric-ids',
  code: '-e= --rsh= --rsync-path= -M= --remote-option= --daemon --config=',
  writes: '--log-file= --write-batch= --only-write-batch= --backup-dir= --partial-dir= --temp-dir= -T= --compare-dest= --copy-dest= --link-dest=',
});

/** GNU sort: `--compress-program` runs a program on its temporary files. */
export const SORT = optionGrammar({
  safe:
    '-b --ignore-leading-blanks -d --dictionary-order -f --ignore-case -g --general-numeric-sort -h --human-numeric-sort ' +
    '-i --ignore-nonprinting -M --month-sort -n --numeric-sort -R --random-sort -r --reverse -V --version-sort ' +
    '--sort= -c --check? -C -k= --key= -m --merge -s --stable -S= --buffer-size= -t= --field-separator= ' +
    '-T= --temporary-directory= --parallel= -u --unique -z --zero-terminated --debug --files0-from= --random-source= --help --version',
  code: '--compress-program=',
  writes: '-o= --output=',
});

/** ripgrep: `--pre` runs a program on every file searched, `--hostname-bin` runs one to name the host. */
export const RIPGREP = optionGrammar({
  safe:
    '-i --ignore-case -S --smart-case -s --case-sensitive -v --invert-match -w --word-regexp -x --line-regexp ' +
    '-F --fixed-strings -e= --regexp= -f= --file= -g= --glob= --iglob= --glob-case-insensitive -t= --type= -T= --type-not= ' +
    '--type-list -n --line-number -N --no-line-number -l --files-with-matches --files-without-match -c --count ' +
    '--count-matches -o --only-matching -A= --after-context= -B= --before-context= -C= --context= --files --hidden ' +
    '-. -u --unrestricted --no-ignore --no-ignore-vcs --no-ignore-parent --no-ignore-dot --no-ignore-global ' +
    '--no-ignore-exclude --no-ignore-files -L --follow --json --vimgrep --color= --colors= --heading --no-heading ' +
    '-H --with-filename -I --no-filename --column --no-column -m= --max-count= -d= --max-depth= --maxdepth= ' +
    '-U --multiline --multiline-dotall -P --pcre2 --no-pcre2 --engine= --sort= --sortr= --stats --trim ' +
    '-M= --max-columns= --max-columns-preview --max-filesize= -0 --null --null-data -a --text -r= --replace= ' +
    '--passthru --passthrough -q --quiet --no-messages --debug --trace --version -V --help -h -j= --threads= ' +
    '-E= --encoding= --no-config -b --byte-offset -p --pretty --ignore-file= --no-unicode --crlf --binary ' +
    '--files-with-matches --include-zero --no-require-git --one-file-system --path-separator= -z --search-zip',
  code: '--pre= --pre-glob= --hostname-bin=',
});

/** zip: `-TT`/`--unzip-command` is the command that tests the archive. */
export const ZIP = optionGrammar({
  safe:
    '-r --recurse-paths -q --quiet -v --verbose -j --junk-paths -u --update -f --freshen -d --delete -y --symlinks ' +
    '-X --no-extra -D --no-dir-entries -0 -1 -2 -3 -4 -5 -6 -7 -8 -9 -l --to-crlf -T --test -x= --exclude= ' +
    '-i= --include= -n= --suffixes= -z --archive-comment -h --help -v --version -@ --names-stdin -g --grow -o --latest-time',
  code: '-TT= --unzip-command=',
  writes: '-O= --output-file= -b= --temp-path=',
});

/** less: a lesskey file can set LESSOPEN, the program it runs on every file; `-o` writes a log file. */
export const LESS = optionGrammar({
  safe:
    '-R --RAW-CONTROL-CHARS -r --raw-control-chars -S --chop-long-lines -N --LINE-NUMBERS -n --line-numbers -F ' +
    '--quit-if-one-screen -X --no-init -i --ignore-case -I --IGNORE-CASE -E --QUIT-AT-EOF -e --quit-at-eof -f --force ' +
    '-m --long-prompt -M --LONG-PROMPT -s --squeeze-blank-lines -q --quiet --silent -Q --QUIET --SILENT -x= --tabs= ' +
    '-j= --jump-target= -p= --pattern= -K --quit-on-intr -J --status-column -# --shift= -V --version --help -?',
  code: '-k= --lesskey-file= --lesskey-src= --lesskey-content= --lesskey= --lesskey-context=',
  writes: '-o= --log-file= -O= --LOG-FILE=',
});

/** pip (optparse: abbreviations of long options): where packages come from is a choice of code to run. */
export const PIP = optionGrammar({
  safe:
    '-q --quiet -v --verbose -h --help -V --version --no-color --disable-pip-version-check --no-input --isolated ' +
    '--format= --outdated -o --uptodate -u --not-required --exclude-editable --include-editable -l --local --user ' +
    '--all --files --path= --exclude= --no-python-version-warning --require-virtualenv',
  code:
    '-i= --index-url= --extra-index-url= --trusted-host= -f= --find-links= --no-index -r= --requirement= -c= ' +
    '--constraint= -e= --editable= --src= --proxy= --cert= --client-cert= --python= --config-settings= -C= ' +
    '--global-option= --build-option= --install-option= --target= -t= --prefix= --root= --log= --cache-dir=',
});

/** curl and wget run only by an exact rule (network clients); these options read or run what the command does not show. */
export const CURL = optionGrammar({ code: '-K= --config=', openEnded: true });
export const WGET = optionGrammar({ code: '-e= --execute= --use-askpass? --config=', openEnded: true });

/** ssh, scp, sftp: `-o ProxyCommand=…`/`LocalCommand`, a config file, a program (`-S`, `-D`), sftp's batch file (`!cmd`). */
export const SSH = optionGrammar({ code: '-o= -F= -S= -E=', openEnded: true });
export const SCP = optionGrammar({ code: '-o= -F= -S= -D= -b=', openEnded: true });

/** man (argp: abbreviations): the pager, the browser, the preprocessors and a config file are programs it runs. */
export const MAN = optionGrammar({
  code: '-P= --pager= -H? --html? -p= --preprocessor= -C= --config-file= -M= --manpath= -T? --troff-device? -Z --ditroff',
  openEnded: true,
});

/** go (flag package: -name = --name, no abbreviations): -exec/-toolexec run a program, -ldflags can name a linker. */
export const GO = optionGrammar({
  safe:
    '--v --x --n --a --race --msan --asan --cover --covermode= --coverpkg= --coverprofile= --run= --skip= --count= ' +
    '--timeout= --short --bench= --benchmem --benchtime= --tags= --p= --trimpath --mod= --json --failfast --list= ' +
    '--parallel= --cpu= --fuzz= --fuzztime= --shuffle= --buildvcs= --work --cpuprofile= --memprofile= ' +
    '--blockprofile= --mutexprofile= --trace= --outputdir= --m --u --e --f= --deps --test --find --compiled --export ' +
    '--i --r --modcacherw --cache --testcache --fuzzcache --h --help --args',
  code: '--exec= --toolexec= --ldflags= --gcflags= --asmflags= --gccgoflags= --compiler= --overlay= --modfile= --C= --pkgdir=',
  writes: '--o=',
  singleDash: true,
});

/** cargo (clap: no abbreviations): --config and -Z change what builds and runs, --manifest-path/-C another project. */
export const CARGO = optionGrammar({
  safe:
    '-v --verbose -q --quiet --color= --frozen --locked --offline -V --version --list -h --help --release -r ' +
    '--profile= --features= -F= --all-features --no-default-features --package= -p= --workspace --all --exclude= ' +
    '--lib --bin= --bins --example= --examples --test= --tests --bench= --benches --all-targets --target= -j= ' +
    '--jobs= --keep-going --message-format= --timings? --no-run --no-fail-fast --doc --ignore-rust-version ' +
    '--future-incompat-report --no-deps --document-private-items --check --format-version= -e= --edges= -i= ' +
    '--invert= --depth= --prefix= --duplicates -d --charset= --format= --target-dir=',
  code: '--config= -Z= -C= --manifest-path= --explain=',
});

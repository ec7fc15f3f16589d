// The arguments of a call waiting for approval, as the CLI shows them (shown-text.ts): each argument decoded, the
// command last, every hidden character and long run of blanks as a marker; a long value cut in the middle with the
// count of what is left out and "Show all", never scrolled out of sight.
import { Fragment, useMemo, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { cutMiddle, omittedMarker, shownArguments } from '@contract/shown-text';
import { currentLocale } from '../../i18n/i18n';

/** A value longer than this (characters or lines) shows its start and end until "Show all". */
const CARD_MAX_CHARS = 1600;
const CARD_MAX_LINES = 24;

export function ApprovalArguments({ args }: { args: string }): ReactElement {
  const { t } = useTranslation();
  const [all, setAll] = useState(false);
  const shown = useMemo(
    () => shownArguments(args).map((a) => ({ ...a, cut: cutMiddle(a.text, CARD_MAX_CHARS, CARD_MAX_LINES) })),
    [args],
  );
  const omitted = shown.reduce((n, a) => n + a.cut.omitted, 0);
  return (
    <div className="approval-args">
      <pre className="pre" aria-label={t('chat.approval.arguments')}>
        {shown.map(({ name, text, cut }, i) => {
          const value =
            all || cut.omitted === 0 ? (
              text
            ) : (
              <>
                {cut.head}
                <span className="approval-omitted">{`\n… ${omittedMarker(cut.omitted)} …\n`}</span>
                {cut.tail}
              </>
            );
          return (
            <Fragment key={i}>
              {name !== '' && <span className="approval-arg-name">{`${name}:${text.includes('\n') ? '\n' : ' '}`}</span>}
              <span className="approval-arg-value" data-argument={name}>
                {value}
              </span>
              {i < shown.length - 1 && '\n'}
            </Fragment>
          );
        })}
      </pre>
      {omitted > 0 && (
        <button type="button" className="btn btn-ghost btn-sm" aria-expanded={all} onClick={() => setAll((v) => !v)}>
          {all ? t('chat.approval.showLess') : t('chat.approval.showAll', { n: omitted.toLocaleString(currentLocale()) })}
        </button>
      )}
    </div>
  );
}

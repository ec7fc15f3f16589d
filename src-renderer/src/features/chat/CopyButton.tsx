// A small "Copy" button for a message's text: says "Copied" for a moment, or why it could not copy.
import { useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import { Icon } from '../../components/Icon';

export function CopyButton({ text, label }: { text: string; label: string }): ReactElement {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copy = () => {
    const settle = (next: 'copied' | 'failed') => {
      setState(next);
      window.setTimeout(() => setState('idle'), 1500);
    };
    navigator.clipboard.writeText(text).then(
      () => settle('copied'),
      () => settle('failed'),
    );
  };
  return (
    <button type="button" className="btn btn-ghost btn-sm" aria-label={label} onClick={copy}>
      <Icon name={state === 'copied' ? 'check' : 'copy'} size={13} /> {state === 'copied' ? t('common.actions.copied') : state === 'failed' ? t('common.actions.copyFailed') : t('common.actions.copy')}
    </button>
  );
}

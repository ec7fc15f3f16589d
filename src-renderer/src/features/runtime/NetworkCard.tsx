// Network: today's connections by host from the egress ledger — how many, the bytes both ways, which tools,
// commands and servers connected and what allowed or refused them — with Revoke for a host's rule.
import type { ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import type { EgressHost } from '@contract/schemas';
import { Icon } from '../../components/Icon';
import { byteSize, dateTime, relativeTime } from '../../lib/format';
import { useAppStore } from '../../state/store';

/** A command is shown up to this many characters (the whole text is its tooltip). */
const COMMAND_CHARS = 48;

function sourceText(use: EgressHost['uses'][number], t: TFunction): string {
  if (use.sourceKind === 'web_fetch') return 'web_fetch'; // the tool's own name, the same in every language
  const name = use.sourceName.length > COMMAND_CHARS ? `${use.sourceName.slice(0, COMMAND_CHARS)}…` : use.sourceName;
  return use.sourceKind === 'exec' ? t('runtime.network.sources.exec', { name }) : t('runtime.network.sources.mcp', { name });
}

function HostRow({ host }: { host: EgressHost }): ReactElement {
  const { t } = useTranslation();
  const revoke = useAppStore((s) => s.revokeNetworkRule);
  return (
    <tr>
      <td>
        <strong className="mono">{host.host}</strong>
        <div className="faint nowrap" title={dateTime(host.lastAt)}>
          {t('runtime.network.last', { when: relativeTime(host.lastAt) })}
        </div>
      </td>
      <td>
        {host.connections}
        <div>
          <span className={host.refused > 0 ? 'badge badge-warn' : 'faint'}>{t('runtime.network.counts', { allowed: host.allowed, refused: host.refused })}</span>
        </div>
      </td>
      <td className="nowrap">{t('runtime.network.sentReceived', { sent: byteSize(host.bytesOut), received: byteSize(host.bytesIn) })}</td>
      <td>
        <ul className="rt-uses">
          {host.uses.map((use) => (
            <li key={`${use.sourceKind}|${use.sourceName}|${use.verdict}`} title={use.sourceName || undefined}>
              <bdi>
                {t('runtime.network.use', { who: sourceText(use, t), verdict: t(`runtime.network.verdicts.${use.verdict}`), count: use.connections })}
              </bdi>
            </li>
          ))}
        </ul>
      </td>
      <td>
        {host.rules.length === 0 ? (
          <span className="faint">{t('runtime.network.noRule')}</span>
        ) : (
          host.rules.map((rule) => (
            <button key={rule.id} type="button" className="btn btn-sm" onClick={() => void revoke(rule.id)} aria-label={t('runtime.network.revokeRule', { pattern: rule.pattern })}>
              {t('runtime.network.revoke')}
            </button>
          ))
        )}
      </td>
    </tr>
  );
}

export function NetworkCard(): ReactElement {
  const { t } = useTranslation();
  const hosts = useAppStore((s) => s.networkHosts);
  const error = useAppStore((s) => s.networkError);
  return (
    <section className="card" aria-labelledby="rt-network" data-testid="network-card">
      <div className="card-head">
        <Icon name="globe" size={16} />
        <h2 id="rt-network">{t('runtime.network.title')}</h2>
        <span className="faint">{t('runtime.network.today')}</span>
      </div>
      <p className="faint">{t('runtime.network.intro')}</p>
      {error && <div className="field-error">{error}</div>}
      {hosts.length === 0 ? (
        <p className="faint">{t('runtime.network.empty')}</p>
      ) : (
        <table className="table">
          <caption className="sr-only">{t('runtime.network.caption')}</caption>
          <thead>
            <tr>
              <th scope="col">{t('runtime.network.host')}</th>
              <th scope="col">{t('runtime.network.connections')}</th>
              <th scope="col">{t('runtime.network.bytes')}</th>
              <th scope="col">{t('runtime.network.who')}</th>
              <th scope="col">{t('runtime.network.rule')}</th>
            </tr>
          </thead>
          <tbody>
            {hosts.map((host) => (
              <HostRow key={host.host} host={host} />
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

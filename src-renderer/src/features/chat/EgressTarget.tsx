// What a network approval is about: the host an "always" rule would allow (with a lookalike warning for
// internationalised names) and the full URL, wrapped so nothing of it hides past the edge.
import type { ReactElement } from 'react';
import type { ApprovalRequest } from '@contract/schemas';

export function EgressTarget({ egress }: { egress: NonNullable<ApprovalRequest['egress']> }): ReactElement {
  return (
    <div className="egress-target">
      <div>
        Host: <span className="mono egress-host">{egress.host}</span>
      </div>
      {egress.unicodeHost && (
        <div className="egress-lookalike" role="note">
          This internationalised name reads as <span className="mono">{egress.unicodeHost}</span>. Make sure it is the site you mean, not a lookalike.
        </div>
      )}
      <div className="faint">Full URL (everything in it, query included, is sent to this host):</div>
      <pre className="pre egress-url" aria-label="Full URL">
        {egress.url}
      </pre>
    </div>
  );
}

// The chat view: sessions sidebar on the left, the conversation on the right.
import type { ReactElement } from 'react';
import { Conversation } from './Conversation';
import { SessionsSidebar } from './SessionsSidebar';

export function ChatView(): ReactElement {
  return (
    <div className="split">
      <SessionsSidebar />
      <Conversation />
    </div>
  );
}

// The chat view: sessions sidebar on the left (a drawer in a narrow window), the conversation on the right.
import type { ReactElement } from 'react';
import { SplitView } from '../../components/SplitView';
import { useAppStore } from '../../state/store';
import { Conversation } from './Conversation';
import { SessionsSidebar } from './SessionsSidebar';

export function ChatView(): ReactElement {
  const sessionKey = useAppStore((s) => s.activeSessionKey);
  return (
    <SplitView sidebar={<SessionsSidebar />} closeOn={sessionKey}>
      <Conversation />
    </SplitView>
  );
}

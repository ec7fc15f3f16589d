// Network slice: today's connections by host (the egress ledger, for the runtime panel), and revoking a host's rule.
import type { EgressHost } from '@contract/schemas';
import { call } from './ipc-call';
import type { SliceCreator } from './store-types';

export interface NetworkSlice {
  networkHosts: EgressHost[];
  networkError: string | null;
  loadNetwork(): Promise<void>;
  /** Deletes a host rule (the approvals' revoke, with its toast on failure), then shows the day again. */
  revokeNetworkRule(id: number): Promise<void>;
}

export const createNetworkSlice: SliceCreator<NetworkSlice> = (set, get, deps) => {
  const { api } = deps;
  return {
    networkHosts: [],
    networkError: null,

    async loadNetwork() {
      const res = await call(api.runtime.network());
      if (!res.ok) set({ networkError: res.message });
      else set({ networkHosts: res.value.hosts, networkError: null });
    },

    async revokeNetworkRule(id) {
      await get().revokeApprovalRule(id);
      await get().loadNetwork();
    },
  };
};

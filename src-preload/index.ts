// The only preload entry: exposes `window.nanotray` (named functions grouped by domain, built from the
// contract's API table). The page never sees ipcRenderer, and there is no generic invoke(channel).
import { contextBridge, ipcRenderer, type IpcRendererEvent } from 'electron';
import { buildNanotrayApi } from './contract/build-api';

const api = buildNanotrayApi(
  (channel, payload) => ipcRenderer.invoke(channel, payload),
  (channel, listener) => {
    const handler = (_event: IpcRendererEvent, payload: unknown): void => listener(payload);
    ipcRenderer.on(channel, handler);
    return () => {
      ipcRenderer.removeListener(channel, handler);
    };
  },
);

contextBridge.exposeInMainWorld('nanotray', api);

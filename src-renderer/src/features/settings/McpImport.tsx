// Settings → MCP servers: "Import from other apps…" (the servers Claude Desktop, Cursor and VS Code have configured)
// and "Install an extension (.mcpb)…" (a file picker; the browser host uploads the file to main).
import { useRef, useState, type ReactElement } from 'react';
import { useTranslation } from 'react-i18next';
import type { BundlePreview } from '@contract/schemas';
import { useAppStore } from '../../state/store';
import { McpBundleDialog } from './McpBundleDialog';
import { McpImportDialog } from './McpImportDialog';

/** What the window sends at most (base64 of it fits the contract's payload limit); larger bundles go through the CLI. */
const MAX_UPLOAD_MB = 28;

function base64Of(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onerror = () => reject(reader.error ?? new Error('read failed'));
    reader.onload = () => resolve(String(reader.result).replace(/^data:[^,]*,/, ''));
    reader.readAsDataURL(file);
  });
}

export function McpImport(): ReactElement {
  const { t } = useTranslation();
  const readMcpBundle = useAppStore((s) => s.readMcpBundle);
  const fileInput = useRef<HTMLInputElement>(null);
  const [importing, setImporting] = useState(false);
  const [reading, setReading] = useState(false);
  const [preview, setPreview] = useState<BundlePreview | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onFile = async (file: File | undefined) => {
    if (!file) return;
    setError(null);
    if (file.size > MAX_UPLOAD_MB * 1024 * 1024) {
      setError(t('mcp.importing.tooLarge', { mb: MAX_UPLOAD_MB }));
      return;
    }
    setReading(true);
    try {
      const res = await readMcpBundle(file.name, await base64Of(file));
      if (res.ok) setPreview(res.value);
      else setError(res.message);
    } catch {
      setError(t('mcp.importing.unreadable'));
    } finally {
      setReading(false);
      if (fileInput.current) fileInput.current.value = '';
    }
  };

  return (
    <div className="mcp-import">
      <p className="faint">{t('mcp.importing.intro')}</p>
      <div className="row">
        <button type="button" className="btn" onClick={() => setImporting(true)}>
          {t('mcp.importing.importButton')}
        </button>
        <button type="button" className="btn" disabled={reading} onClick={() => fileInput.current?.click()}>
          {reading ? t('mcp.importing.reading') : t('mcp.importing.installButton')}
        </button>
        <input ref={fileInput} type="file" accept=".mcpb,.dxt" hidden aria-hidden="true" tabIndex={-1} onChange={(e) => void onFile(e.target.files?.[0])} data-testid="mcpb-file" />
      </div>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      {importing && <McpImportDialog onClose={() => setImporting(false)} />}
      {preview && <McpBundleDialog preview={preview} onClose={() => setPreview(null)} />}
    </div>
  );
}

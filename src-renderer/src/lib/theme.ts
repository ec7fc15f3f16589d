// Applies the theme setting (system / light / dark) to <html data-theme>, following the OS when "system".

export type ThemeSetting = 'system' | 'light' | 'dark';

export function resolveTheme(setting: ThemeSetting, prefersDark: boolean): 'light' | 'dark' {
  if (setting === 'system') return prefersDark ? 'dark' : 'light';
  return setting;
}

const STORAGE_KEY = 'nanotray.theme';

/** The last theme used, so the first paint is not a flash of the wrong colours. */
export function rememberedTheme(): ThemeSetting {
  try {
    const v = localStorage.getItem(STORAGE_KEY);
    return v === 'light' || v === 'dark' || v === 'system' ? v : 'system';
  } catch {
    return 'system';
  }
}

/** Sets data-theme now and whenever the OS preference changes; returns the unsubscribe. */
export function applyTheme(setting: ThemeSetting): () => void {
  const media = window.matchMedia('(prefers-color-scheme: dark)');
  const apply = () => {
    document.documentElement.dataset.theme = resolveTheme(setting, media.matches);
  };
  apply();
  try {
    localStorage.setItem(STORAGE_KEY, setting);
  } catch {
    /* storage unavailable: only the first paint is affected */
  }
  media.addEventListener('change', apply);
  return () => media.removeEventListener('change', apply);
}

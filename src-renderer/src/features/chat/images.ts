// Reads pasted or dropped image files as data: URLs within the contract's limits.
import { t } from '../../i18n/i18n';

export const MAX_IMAGES = 4;
export const MAX_IMAGE_BYTES = 5_500_000;
const ACCEPTED = /^image\/(png|jpeg|gif|webp)$/;

export function isAcceptedImage(file: File): boolean {
  return ACCEPTED.test(file.type);
}

export function readAsDataUrl(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => (typeof reader.result === 'string' ? resolve(reader.result) : reject(new Error('unreadable')));
    reader.onerror = () => reject(reader.error ?? new Error('unreadable'));
    reader.readAsDataURL(file);
  });
}

/** Accepted images as data URLs, and a message about any that were skipped. */
export async function imagesFromFiles(files: readonly File[], room: number): Promise<{ urls: string[]; skipped: string | null }> {
  const urls: string[] = [];
  const problems: string[] = [];
  for (const file of files) {
    if (!isAcceptedImage(file)) {
      problems.push(t('chat.composer.notImage', { name: file.name || t('chat.composer.aFile') }));
      continue;
    }
    if (file.size > MAX_IMAGE_BYTES) {
      problems.push(t('chat.composer.tooLarge', { name: file.name || t('chat.composer.anImage') }));
      continue;
    }
    if (urls.length >= room) {
      problems.push(t('chat.composer.tooMany', { max: MAX_IMAGES }));
      break;
    }
    urls.push(await readAsDataUrl(file));
  }
  return { urls, skipped: problems.length ? problems.join(t('chat.composer.listSeparator')) : null };
}

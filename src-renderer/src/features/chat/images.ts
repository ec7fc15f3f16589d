// Image attachments: which files are pictures the model may see, and reading one as a data: URL.

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

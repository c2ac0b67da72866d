import { WORK_ORDER_PHOTOS_MAX } from '@ics/contract';

/** The largest photo the server takes (it checks again, by content). */
export const PHOTO_MAX_BYTES = 5 * 1024 * 1024;

/** Reads chosen files as data URLs; files too large or beyond the limit come back as `refused`. */
export async function readPhotos(
  files: readonly File[],
  already: number,
): Promise<{ photos: string[]; refused: string[] }> {
  const photos: string[] = [];
  const refused: string[] = [];
  for (const file of files) {
    if (file.size > PHOTO_MAX_BYTES || already + photos.length >= WORK_ORDER_PHOTOS_MAX) {
      refused.push(file.name);
      continue;
    }
    photos.push(
      await new Promise<string>((resolve, reject) => {
        const reader = new FileReader();
        reader.onload = () => resolve(String(reader.result));
        reader.onerror = () => reject(reader.error);
        reader.readAsDataURL(file);
      }),
    );
  }
  return { photos, refused };
}

import { useMutation } from '@tanstack/react-query';
import type { TUploadedImage } from '@tavolo/contracts/menu';
import { uploadFile } from '../../../lib/upload.ts';

/** POST /tenant/uploads/images as multipart; the server's message (too large, not an image) reaches the form. */
export function uploadImage(file: File): Promise<TUploadedImage> {
  return uploadFile<TUploadedImage>('/tenant/uploads/images', file);
}

export function useUploadImage() {
  return useMutation({ mutationFn: uploadImage });
}

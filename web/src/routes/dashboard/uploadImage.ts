import { apiUrl } from "@/lib/apiUrl";
import { getAccessToken } from "@/lib/auth/accessToken";

interface UploadOptions {
  /** publicConfig.imageUploadUrl: the shop's own /upload, or an image host. */
  uploadUrl: string;
  onProgress?: (percent: number) => void;
}

/**
 * Uploads one image as multipart field "image" and resolves with its absolute URL.
 * XMLHttpRequest rather than fetch: fetch cannot report upload progress.
 */
export function uploadImage(file: File, { uploadUrl, onProgress }: UploadOptions): Promise<string> {
  const target = new URL(apiUrl(uploadUrl), window.location.href);
  const apiOrigin = new URL(apiUrl("/"), window.location.href).origin;
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", target.href);
    // The shop's token goes only to the shop's own server, never to a third-party image host.
    const token = getAccessToken();
    if (token && target.origin === apiOrigin) xhr.setRequestHeader("Authorization", `Bearer ${token}`);
    xhr.upload.onprogress = (event) => {
      if (event.lengthComputable) onProgress?.(Math.round((event.loaded / event.total) * 100));
    };
    xhr.onload = () => {
      let body: { success?: boolean; data?: { url?: string }; error?: unknown } | null = null;
      try {
        body = JSON.parse(xhr.responseText);
      } catch {
        // Not JSON: an image host's error page; answered below as a failed upload.
      }
      const url = body?.data?.url;
      if (xhr.status >= 200 && xhr.status < 300 && body?.success && url) {
        onProgress?.(100);
        resolve(new URL(url, target).href);
        return;
      }
      const reason =
        typeof body?.error === "string" ? body.error : (body?.error as { message?: string } | undefined)?.message;
      reject(new Error(reason ?? `The image upload failed (HTTP ${xhr.status}).`));
    };
    xhr.onerror = () => reject(new Error("The image upload failed: the server could not be reached."));
    const form = new FormData();
    form.append("image", file);
    xhr.send(form);
  });
}

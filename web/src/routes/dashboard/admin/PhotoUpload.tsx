import { useState } from "react";
import { errorMessage } from "@/lib/apollo/errors";
import { usePublicConfig } from "@/lib/config/PublicConfig";
import { uploadImage } from "@/routes/dashboard/uploadImage";

/** The image types the upload route takes (it judges by content, this only filters the file picker). */
export const IMAGE_TYPES = "image/png,image/jpeg,image/webp,image/gif";

interface Props {
  id: string;
  label?: string;
  /** The uploaded image's URL, for the form's image field. */
  onUploaded: (url: string) => void;
  /** The upload route's refusal (too big, not an image, too many pixels) or a network failure. */
  onError: (message: string) => void;
  /** While true, the form should not be sent: its image is still on its way. */
  onBusyChange?: (busy: boolean) => void;
}

/** A file input beside an image URL field: the chosen photo goes to the shop's upload route, with its progress. */
export function PhotoUpload({ id, label = "Upload a photo", onUploaded, onError, onBusyChange }: Props) {
  const { config } = usePublicConfig();
  const [percent, setPercent] = useState<number | null>(null);

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setPercent(0);
    onBusyChange?.(true);
    try {
      if (!config) throw new Error("The upload service is not available right now.");
      onUploaded(await uploadImage(file, { uploadUrl: config.imageUploadUrl, onProgress: setPercent }));
    } catch (error) {
      onError(errorMessage(error));
    } finally {
      setPercent(null);
      onBusyChange?.(false);
    }
  };

  return (
    <div className="field">
      <label htmlFor={id} className="field__label">
        {label}
      </label>
      <input id={id} type="file" accept={IMAGE_TYPES} onChange={(event) => void upload(event.target.files?.[0])} />
      {percent !== null && (
        <progress max={100} value={percent} aria-label="Uploading the photo">
          {percent}%
        </progress>
      )}
    </div>
  );
}

/**
 * A chosen file read whole as bytes, in the browser (the server reads the FEC itself): FileReader
 * reads off the page's thread and reports its progress, which a 64 MB file needs.
 */
export function readBytes(file: Blob, onProgress?: (read: number) => void): Promise<Uint8Array<ArrayBuffer>> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onprogress = (event) => {
      if (event.lengthComputable && event.total > 0) onProgress?.(event.loaded / event.total);
    };
    reader.onload = () => {
      const result = reader.result;
      if (result instanceof ArrayBuffer) resolve(new Uint8Array(result));
      else reject(new Error('FileReader did not answer an ArrayBuffer'));
    };
    reader.onerror = () => reject(reader.error ?? new Error('FileReader failed'));
    reader.readAsArrayBuffer(file);
  });
}

/** Past this size (bytes), reading and sending a file show their progress: below, they take no time to speak of. */
export const LARGE_FILE = 2 * 1024 * 1024;

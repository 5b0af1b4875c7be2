/**
 * A video file's length in seconds, as the browser reads it from the file's own metadata (no upload), or null
 * when the browser cannot read it (a format it does not play): the server, which probes every video, decides.
 */
export function videoDuration(file: File): Promise<number | null> {
  return new Promise((resolve) => {
    const video = document.createElement('video');
    const address = URL.createObjectURL(file);
    const done = (seconds: number | null) => {
      URL.revokeObjectURL(address);
      video.removeAttribute('src');
      resolve(seconds);
    };
    video.preload = 'metadata';
    video.onloadedmetadata = () => done(Number.isFinite(video.duration) ? video.duration : null);
    video.onerror = () => done(null);
    video.src = address;
  });
}

/** The product mark: a rising trade line ending in a gold point. */
export function Logo({ size = 28 }: { readonly size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 64 64" aria-hidden focusable="false">
      <rect width="64" height="64" rx="14" fill="#13233d" />
      <path
        d="M12 44 L26 28 L36 36 L52 18"
        fill="none"
        stroke="#4aa8ff"
        strokeWidth="6"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <circle cx="52" cy="18" r="5" fill="#f5b642" />
    </svg>
  );
}

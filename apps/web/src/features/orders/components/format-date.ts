const pad = (n: number) => String(n).padStart(2, '0');

/** DD.MM.YYYY HH:mm in local time: the notation the portal uses in every language. */
export const formatDateTime = (iso: string) => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${formatDate(iso)} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

export const formatDate = (iso: string) => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${pad(at.getDate())}.${pad(at.getMonth() + 1)}.${at.getFullYear()}`;
};

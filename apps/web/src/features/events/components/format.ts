const pad = (n: number) => String(n).padStart(2, '0');

/** DD.MM.YYYY in local time, the portal's notation in every language. */
export const formatDate = (iso: string) => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${pad(at.getDate())}.${pad(at.getMonth() + 1)}.${at.getFullYear()}`;
};

export const formatDateTime = (iso: string) => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return iso;
  return `${formatDate(iso)} ${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

export const formatPoints = (value: number, lang: string) =>
  new Intl.NumberFormat(lang).format(value);

/** An ISO instant as the value of an `<input type="datetime-local">` (local time). */
export const toLocalInput = (iso: string) => {
  const at = new Date(iso);
  if (Number.isNaN(at.getTime())) return '';
  return `${at.getFullYear()}-${pad(at.getMonth() + 1)}-${pad(at.getDate())}T${pad(at.getHours())}:${pad(at.getMinutes())}`;
};

/** The value of a datetime-local input (local time) as an ISO instant; '' stays ''. */
export const fromLocalInput = (value: string) => {
  if (!value) return '';
  const at = new Date(value);
  return Number.isNaN(at.getTime()) ? '' : at.toISOString();
};

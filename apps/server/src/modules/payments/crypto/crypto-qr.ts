/** BIP21-style URI schemes of coins whose wallets read `scheme:address?amount=`. */
const uriSchemes: Record<string, string> = {
  btc: 'bitcoin',
  ltc: 'litecoin',
  doge: 'dogecoin',
  bch: 'bitcoincash',
  dash: 'dash',
};

/** What the QR code holds: a payment URI where the coin has one (address and amount), else the bare address. */
export function paymentUri(ticker: string, address: string, amount: number): string {
  const scheme = uriSchemes[ticker.toLowerCase()];
  if (!scheme) return address;
  // Cash-address coins may carry their prefix already (bitcoincash:q…, bchtest:q…).
  const target = address.includes(':') ? address : `${scheme}:${address}`;
  return `${target}?amount=${Number(amount.toFixed(8))}`;
}

/** data:image/png;base64,… of a real QR code. */
export async function qrCodeDataUrl(text: string): Promise<string> {
  // Loaded on the first crypto payment, not by every API process at start.
  const { default: QRCode } = await import('qrcode');
  return QRCode.toDataURL(text, { errorCorrectionLevel: 'M', margin: 2, width: 256 });
}

import { useSyncExternalStore } from 'react';

/** The QR generator's languages (spec §9: en-US and es-ES). */
export type QrLocale = 'en' | 'es';

/** Spanish for a browser language starting with `es` (es, es-ES, es-MX…), else English. */
export function qrLocale(language: string | undefined): QrLocale {
  return language?.toLowerCase().startsWith('es') ? 'es' : 'en';
}

function subscribe(onChange: () => void) {
  window.addEventListener('languagechange', onChange);
  return () => window.removeEventListener('languagechange', onChange);
}

// The language the server renders with: the request's Accept-Language (set by entry-server.tsx
// just before its synchronous render), so a Spanish browser gets Spanish labels in the first
// paint instead of English that flips after hydration (issue 23 #17).
let serverLanguage = 'en-US';
/** Sets the language for the next server render from an Accept-Language header (its first tag). */
export function setServerLanguage(acceptLanguage: string | undefined): void {
  serverLanguage = acceptLanguage?.split(',')[0]?.split(';')[0]?.trim() || 'en-US';
}

/** The browser's language, read at render (never at module scope) and followed when it changes. */
export function useQrLocale(): QrLocale {
  // On the server (no window; Node has a navigator of its own) the request's language. In the
  // browser the "server snapshot" (used while hydrating) is the browser's own language:
  // the header the server read came from the same setting, so both render the same labels.
  const language = useSyncExternalStore(
    subscribe,
    () => navigator.language,
    () => (typeof window === 'undefined' ? serverLanguage : navigator.language),
  );
  return qrLocale(language);
}

/** Every visible text of the QR generator page, in English (the spec's wording) and Spanish. */
const en = {
  pageTitle: 'QR Code Generator',
  tagline: 'Generate QR codes for events, contact information, and veteran resources',
  formHeading: 'What should the code contain?',
  tabsLabel: 'Kind of QR code',
  tabUrl: 'URL',
  tabText: 'Text',
  tabContact: 'Contact',
  urlLabel: 'Website URL',
  urlPlaceholder: 'www.example.org',
  urlHelp: 'https:// is added automatically if you do not type http:// or https://.',
  textLabel: 'Text for the QR code',
  textPlaceholder: 'Type the message to put in the code',
  contactHelp: 'Fill in at least a name, phone number or email address.',
  firstName: 'First Name',
  lastName: 'Last Name',
  phone: 'Phone',
  email: 'Email',
  emailInvalid: 'This does not look like an email address; please check it.',
  organization: 'Organization',
  website: 'Website',
  clearAll: 'Clear All Fields',
  previewHeading: 'Your QR Code',
  emptyPrompt: 'Fill in the form to generate your QR code',
  generating: 'Generating your QR code...',
  tooLong: 'This is too long to fit in a QR code. Please shorten it.',
  drawFailed: 'The QR code could not be drawn. Please reload the page and try again.',
  download: 'Download PNG',
  copy: 'Copy Data',
  copied: 'Copied!',
  print: 'Print',
  captionLabel: 'Caption for printing',
  captionHelp: 'Printed under the code. Leave it empty for no caption.',
  encodedData: 'Encoded data',
  footerNote: 'QR codes are generated instantly in your browser. No data is stored or sent anywhere.',
  altUrl: (url: string) => `QR code linking to ${url}`,
  altText: (text: string) => `QR code containing the text: ${text}`,
  altContact: (name: string) => `QR code with the contact card of ${name}`,
  altContactUnnamed: 'QR code with a contact card',
};

export type QrMessages = typeof en;

const es: QrMessages = {
  pageTitle: 'Generador de códigos QR',
  tagline: 'Genere códigos QR para eventos, información de contacto y recursos para veteranos',
  formHeading: '¿Qué debe contener el código?',
  tabsLabel: 'Tipo de código QR',
  tabUrl: 'URL',
  tabText: 'Texto',
  tabContact: 'Contacto',
  urlLabel: 'Dirección del sitio web',
  urlPlaceholder: 'www.ejemplo.org',
  urlHelp: 'Se agrega https:// automáticamente si no escribe http:// o https://.',
  textLabel: 'Texto del código QR',
  textPlaceholder: 'Escriba el mensaje que llevará el código',
  contactHelp: 'Complete al menos un nombre, un teléfono o un correo electrónico.',
  firstName: 'Nombre',
  lastName: 'Apellido',
  phone: 'Teléfono',
  email: 'Correo electrónico',
  emailInvalid: 'Esto no parece un correo electrónico; revíselo, por favor.',
  organization: 'Organización',
  website: 'Sitio web',
  clearAll: 'Borrar todos los campos',
  previewHeading: 'Su código QR',
  emptyPrompt: 'Complete el formulario para generar su código QR',
  generating: 'Generando su código QR...',
  tooLong: 'Es demasiado largo para caber en un código QR. Acórtelo, por favor.',
  drawFailed: 'No se pudo dibujar el código QR. Vuelva a cargar la página e inténtelo de nuevo.',
  download: 'Descargar PNG',
  copy: 'Copiar datos',
  copied: '¡Copiado!',
  print: 'Imprimir',
  captionLabel: 'Leyenda para imprimir',
  captionHelp: 'Se imprime debajo del código. Déjela vacía si no quiere leyenda.',
  encodedData: 'Datos codificados',
  footerNote: 'Los códigos QR se generan al instante en su navegador. No se guarda ni se envía ningún dato.',
  altUrl: (url: string) => `Código QR que enlaza a ${url}`,
  altText: (text: string) => `Código QR con el texto: ${text}`,
  altContact: (name: string) => `Código QR con la tarjeta de contacto de ${name}`,
  altContactUnnamed: 'Código QR con una tarjeta de contacto',
};

export const QR_MESSAGES: Record<QrLocale, QrMessages> = { en, es };

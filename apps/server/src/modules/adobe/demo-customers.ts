/** Adobe customers of the demo dealer: the sandbox knows them, the demo seed links them. */
export const demoAdobeCustomers = [
  {
    customerId: '1005834471',
    companyName: 'Caspian Design Studio',
    marketSegment: 'COM',
    country: 'AZ',
    city: 'Baku',
    addressLine1: '28 Nizami Street',
    postalCode: 'AZ1000',
    contact: { firstName: 'Nigar', lastName: 'Aliyeva', email: 'it@caspiandesign.example' },
  },
  {
    customerId: '1005834472',
    companyName: 'Baku State Arts Academy',
    marketSegment: 'EDU',
    country: 'AZ',
    city: 'Baku',
    addressLine1: '6 Istiglaliyyat Street',
    postalCode: 'AZ1001',
    contact: { firstName: 'Elvin', lastName: 'Mammadov', email: 'licensing@arts-academy.example' },
  },
  {
    customerId: '1005834473',
    companyName: 'Ganja City Administration',
    marketSegment: 'GOV',
    country: 'AZ',
    city: 'Ganja',
    addressLine1: '1 Heydar Aliyev Avenue',
    postalCode: 'AZ2000',
    contact: { firstName: 'Samir', lastName: 'Huseynov', email: 'it@ganja-admin.example' },
  },
] as const;

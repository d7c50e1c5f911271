export { extractZip, haversineKm, locateAddress, lookupZip, type ZipLocation } from './geo.service';

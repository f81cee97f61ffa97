import dgram from 'node:dgram';

// A DNS server stand-in on a loopback UDP port, for tests of domain verification: it answers A, CNAME and TXT
// questions from a table the test fills, NXDOMAIN for names it does not know, NOERROR with no answer for a known
// name without records of the asked type, and SERVFAIL for names marked as failing. Enough of RFC 1035 for Node's
// resolver (c-ares), nothing more: one question per message, answers uncompressed except the question's name.

export type StandInRecords = { a?: string[]; cname?: string; txt?: string[][]; fail?: boolean };

export type DnsStandIn = {
  server: string;
  set: (name: string, records: StandInRecords) => void;
  remove: (name: string) => void;
  queries: () => { name: string; type: number }[];
  close: () => Promise<void>;
};

const TYPE_A = 1;
const TYPE_CNAME = 5;
const TYPE_TXT = 16;

function readName(message: Buffer, start: number): { name: string; end: number } {
  const labels: string[] = [];
  let offset = start;
  for (;;) {
    const length = message[offset] ?? 0;
    if (length === 0) return { name: labels.join('.').toLowerCase(), end: offset + 1 };
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString('ascii'));
    offset += 1 + length;
  }
}

function encodeName(name: string): Buffer {
  const parts = name
    .replace(/\.$/, '')
    .split('.')
    .map((label) => Buffer.concat([Buffer.from([label.length]), Buffer.from(label, 'ascii')]));
  return Buffer.concat([...parts, Buffer.from([0])]);
}

function answer(type: number, rdata: Buffer): Buffer {
  const head = Buffer.alloc(12);
  head.writeUInt16BE(0xc00c, 0); // the question's name
  head.writeUInt16BE(type, 2);
  head.writeUInt16BE(1, 4); // IN
  head.writeUInt32BE(60, 6);
  head.writeUInt16BE(rdata.length, 10);
  return Buffer.concat([head, rdata]);
}

function rdataOf(type: number, records: StandInRecords): Buffer[] {
  if (type === TYPE_A) return (records.a ?? []).map((ip) => Buffer.from(ip.split('.').map(Number)));
  if (type === TYPE_CNAME) return records.cname ? [encodeName(records.cname)] : [];
  if (type === TYPE_TXT)
    return (records.txt ?? []).map((chunks) =>
      Buffer.concat(chunks.map((chunk) => Buffer.concat([Buffer.from([chunk.length]), Buffer.from(chunk, 'utf8')]))),
    );
  return [];
}

export async function startDnsStandIn(): Promise<DnsStandIn> {
  const table = new Map<string, StandInRecords>();
  const seen: { name: string; type: number }[] = [];
  const socket = dgram.createSocket('udp4');
  socket.on('message', (message, remote) => {
    if (message.length < 12) return;
    const { name, end } = readName(message, 12);
    const type = message.readUInt16BE(end);
    seen.push({ name, type });
    const records = table.get(name);
    const rcode = !records ? 3 : records.fail ? 2 : 0;
    const answers = records && !records.fail ? rdataOf(type, records).map((rdata) => answer(type, rdata)) : [];
    const header = Buffer.alloc(12);
    header.writeUInt16BE(message.readUInt16BE(0), 0);
    header.writeUInt16BE(0x8180 | rcode, 2);
    header.writeUInt16BE(1, 4);
    header.writeUInt16BE(answers.length, 6);
    const reply = Buffer.concat([header, message.subarray(12, end + 4), ...answers]);
    socket.send(reply, remote.port, remote.address);
  });
  await new Promise<void>((resolve) => socket.bind(0, '127.0.0.1', resolve));
  const { port } = socket.address();
  return {
    server: `127.0.0.1:${port}`,
    set: (name, records) => table.set(name.toLowerCase(), records),
    remove: (name) => table.delete(name.toLowerCase()),
    queries: () => [...seen],
    close: () => new Promise((resolve) => socket.close(() => resolve())),
  };
}

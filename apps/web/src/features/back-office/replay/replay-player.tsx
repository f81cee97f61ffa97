import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Box, Group, SegmentedControl, Slider, Switch, Text } from '@mantine/core';
import { useElementSize } from '@mantine/hooks';
import { Replayer } from '@rrweb/replay';
import '@rrweb/replay/dist/style.css';
import { IconPlayerPause, IconPlayerPlay } from '@tabler/icons-react';
import { useTranslation } from '@/lib/i18n';

type Size = { width: number; height: number };
const SPEEDS = ['1', '2', '4', '8'];

// The page's size when it was recorded: the first Meta event's (rrweb's type 4), until the replay says otherwise
function recordedSize(events: readonly unknown[]): Size {
  for (const event of events) {
    if (typeof event !== 'object' || event === null || !('type' in event) || event.type !== 4) continue;
    const data = 'data' in event ? event.data : null;
    if (typeof data === 'object' && data !== null && 'width' in data && 'height' in data)
      if (typeof data.width === 'number' && typeof data.height === 'number')
        return { width: data.width, height: data.height };
  }
  return { width: 1280, height: 800 };
}

function clock(ms: number): string {
  const seconds = Math.max(0, Math.floor(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

// rrweb's Replayer in the recorded page's size, scaled down to the width there is, with play/pause, a timeline, the
// speed and whether idle stretches are skipped. Nothing of the replayed page runs: rrweb rebuilds it without scripts.
export function ReplayPlayer({ events }: { events: readonly unknown[] }) {
  const { t } = useTranslation();
  const { ref: boxRef, width: boxWidth } = useElementSize();
  const mountRef = useRef<HTMLDivElement>(null);
  const [player, setPlayer] = useState<Replayer | null>(null);
  const [size, setSize] = useState<Size>(() => recordedSize(events));
  const [total, setTotal] = useState(0);
  const [time, setTime] = useState(0);
  const [isPlaying, setPlaying] = useState(false);
  const [speed, setSpeed] = useState('1');
  const [skipsIdle, setSkipsIdle] = useState(true);

  useEffect(() => {
    const root = mountRef.current;
    if (!root) return;
    const replayer = new Replayer(events as ConstructorParameters<typeof Replayer>[0], {
      root,
      skipInactive: true,
      showWarning: false,
      mouseTail: false,
    });
    replayer.on('resize', (dimension) => {
      const { width, height } = dimension as Size;
      if (width > 0 && height > 0) setSize({ width, height });
    });
    replayer.on('finish', () => {
      setPlaying(false);
      setTime(replayer.getMetaData().totalTime);
    });
    setTotal(replayer.getMetaData().totalTime);
    setTime(0);
    replayer.pause(0);
    setPlayer(replayer);
    return () => {
      replayer.destroy();
      setPlayer(null);
      setPlaying(false);
    };
  }, [events]);

  useEffect(() => {
    if (!player || !isPlaying) return;
    const timer = setInterval(() => setTime(player.getCurrentTime()), 250);
    return () => clearInterval(timer);
  }, [player, isPlaying]);

  const toggle = () => {
    if (!player) return;
    if (isPlaying) {
      player.pause();
      setTime(player.getCurrentTime());
      setPlaying(false);
    } else {
      player.play(time >= total ? 0 : time);
      setPlaying(true);
    }
  };
  const seek = (to: number) => {
    setTime(to);
    if (isPlaying) player?.play(to);
    else player?.pause(to);
  };

  const scale = boxWidth > 0 ? Math.min(1, boxWidth / size.width) : 1;
  return (
    <Box ref={boxRef} data-testid="replay-player">
      <Group gap="sm" mb="sm" wrap="wrap">
        <ActionIcon
          size="lg"
          variant="filled"
          onClick={toggle}
          disabled={!player}
          aria-label={isPlaying ? t('backOffice.replay.pause') : t('backOffice.replay.play')}
          data-testid="replay-toggle"
        >
          {isPlaying ? <IconPlayerPause size={18} /> : <IconPlayerPlay size={18} />}
        </ActionIcon>
        <Slider
          style={{ flex: 1, minWidth: 160 }}
          min={0}
          max={Math.max(total, 1)}
          step={100}
          value={Math.min(time, total)}
          onChange={setTime}
          onChangeEnd={seek}
          label={clock}
          aria-label={t('backOffice.replay.timeline')}
        />
        <Text size="sm" c="dimmed" ff="monospace" data-testid="replay-clock">
          {clock(time)} / {clock(total)}
        </Text>
        <SegmentedControl
          size="xs"
          data={SPEEDS.map((value) => ({ value, label: `${value}×` }))}
          value={speed}
          onChange={(value) => {
            setSpeed(value);
            player?.setConfig({ speed: Number(value) });
          }}
          aria-label={t('backOffice.replay.speed')}
        />
        <Switch
          size="sm"
          label={t('backOffice.replay.skipIdle')}
          checked={skipsIdle}
          onChange={(event) => {
            setSkipsIdle(event.currentTarget.checked);
            player?.setConfig({ skipInactive: event.currentTarget.checked });
          }}
        />
      </Group>
      <Box
        style={{
          width: size.width * scale,
          height: size.height * scale,
          overflow: 'hidden',
          border: '1px solid var(--mantine-color-gray-3)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-gray-0)',
        }}
      >
        <div
          ref={mountRef}
          style={{ width: size.width, height: size.height, transform: `scale(${scale})`, transformOrigin: '0 0' }}
        />
      </Box>
    </Box>
  );
}

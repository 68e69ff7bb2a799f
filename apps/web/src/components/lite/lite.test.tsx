import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import * as M from '@mantine/core';
import * as L from './index.ts';
import * as F from './form-inputs.tsx';
import { pageRange } from './navigation.tsx';
import { inputTheme } from '../../app/input-theme.ts';

/**
 * The light components render Mantine's markup: for each, Mantine's component and the light one with the same props
 * are rendered and compared, element by element, attributes, classes and style declarations in any order.
 */

/** Rendered in Mantine's default theme, whose primary colour is blue, with the app's settings for fields (which the light ones apply). */
const theme = M.createTheme({ components: { Input: inputTheme } });
const render = (element: ReactElement) => renderToStaticMarkup(<M.MantineProvider theme={theme}>{element}</M.MantineProvider>);

const attributes = (source: string) =>
  [...source.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)]
    .map(([, name, value = '']) => {
      if (name === 'style') return `style=${value.split(';').filter(Boolean).sort().join(';')}`;
      if (name === 'class') return `class=${value.split(/\s+/).filter(Boolean).sort().join(' ')}`;
      return `${name}=${value}`;
    })
    // Mantine's Tabs point at panels the storefront has none of; its Chip and ThemeIcon copy `color` and `radius`
    // onto their elements as HTML attributes, which nothing reads.
    .filter((attribute) => !/^(aria-controls|color|radius)=/.test(attribute))
    .sort()
    .join(' ');

/** Mantine writes some variables into a style tag with a class per element (responsive values): moved to the element. */
function inlined(html: string) {
  for (const [, name, declarations] of html.matchAll(/<style data-mantine-styles="inline">\.([\w-]+)\{([^}]*)\}<\/style>/g)) {
    html = html.replace(new RegExp(`class="([^"]*)${name}([^"]*)"`), `style="${declarations}" class="$1$2"`);
  }
  return html;
}

/** Comparable markup: style sheets and preload links left out, ids made equal, attributes in order. */
function normalize(html: string) {
  return inlined(html)
    .replace(/<style[^>]*>[\s\S]*?<\/style>|<link[^>]*>/g, '')
    .replace(/(mantine-)?_R_[\w]+_/g, 'ID')
    .replace(/<([a-z0-9]+)((?:\s[^>]*?)?)(\/?)>/g, (_, tag: string, rest: string, close: string) => `<${tag} ${attributes(rest)}${close}>`);
}

/** Mantine names the default primary colour; the light components name "the primary colour", whatever it is. */
const asMantine = (html: string) => html.replaceAll('var(--mantine-color-blue-', 'var(--mantine-primary-color-');
/** With autoContrast off (the default theme), Mantine's contrast colour on the primary colour is white. */
const asLite = (html: string) => html.replaceAll('var(--mantine-primary-color-contrast)', 'var(--mantine-color-white)');

const icon = <i />;
const cases: [string, ReactElement, ReactElement][] = [
  ['Group', <M.Group gap="xs" justify="space-between" wrap="nowrap">x</M.Group>, <L.Group gap="xs" justify="space-between" wrap="nowrap">x</L.Group>],
  ['Group grow', <M.Group gap="xs" wrap="nowrap" grow preventGrowOverflow={false} justify="flex-end"><b /></M.Group>, <L.Group gap="xs" wrap="nowrap" grow justify="flex-end"><b /></L.Group>],
  ['Group as nav, gap in px', <M.Group component="nav" gap={2} aria-label="n">x</M.Group>, <L.Group component="nav" gap={2} aria-label="n">x</L.Group>],
  ['Stack', <M.Stack gap="lg" align="center">x</M.Stack>, <L.Stack gap="lg" align="center">x</L.Stack>],
  ['Container', <M.Container size="lg">x</M.Container>, <L.Container size="lg">x</L.Container>],
  ['Container in px', <M.Container size={560}>x</M.Container>, <L.Container size={560}>x</L.Container>],
  ['Paper', <M.Paper withBorder radius="lg" shadow="xs">x</M.Paper>, <L.Paper withBorder radius="lg" shadow="xs">x</L.Paper>],
  [
    'Card with a section',
    <M.Card component="article" withBorder radius="md" padding="md"><M.Card.Section>s</M.Card.Section>x</M.Card>,
    <L.Card component="article" withBorder radius="md" padding="md"><L.CardSection>s</L.CardSection>x</L.Card>,
  ],
  ['Card without padding', <M.Card withBorder radius="md" padding={0}>x</M.Card>, <L.Card withBorder radius="md" padding={0}>x</L.Card>],
  ['Center', <M.Center>x</M.Center>, <L.Center>x</L.Center>],
  ['Text', <M.Text size="sm" c="dimmed" fw={600}>x</M.Text>, <L.Text size="sm" c="dimmed" fw={600}>x</L.Text>],
  ['Text clamped', <M.Text size="sm" c="gray.7" lineClamp={2}>x</M.Text>, <L.Text size="sm" c="gray.7" lineClamp={2}>x</L.Text>],
  ['Text span', <M.Text span inherit truncate>x</M.Text>, <L.Text span inherit truncate>x</L.Text>],
  ['Text as h3', <M.Text component="h3" fw={600} lineClamp={2}>x</M.Text>, <L.Text component="h3" fw={600} lineClamp={2}>x</L.Text>],
  ['Title', <M.Title order={2}>x</M.Title>, <L.Title order={2}>x</L.Title>],
  ['Title sized', <M.Title order={3} size="h4">x</M.Title>, <L.Title order={3} size="h4">x</L.Title>],
  ['Title with font size and colour', <M.Title order={2} fz="lg" c="white">x</M.Title>, <L.Title order={2} fz="lg" c="white">x</L.Title>],
  ['Text with font sizes', <M.Text fz="h4">x</M.Text>, <L.Text fz="h4">x</L.Text>],
  ['Text in px', <M.Text fz={22} fw={700}>x</M.Text>, <L.Text fz={22} fw={700}>x</L.Text>],
  ['Anchor', <M.Anchor href="/x" size="sm" c="gray.4" fw={600}>x</M.Anchor>, <L.Anchor href="/x" size="sm" c="gray.4" fw={600}>x</L.Anchor>],
  ['Anchor with a font size', <M.Anchor href="/x" c="gray.3" fz="sm">x</M.Anchor>, <L.Anchor href="/x" c="gray.3" fz="sm">x</L.Anchor>],
  ['VisuallyHidden', <M.VisuallyHidden component="h2">x</M.VisuallyHidden>, <L.VisuallyHidden component="h2">x</L.VisuallyHidden>],
  ['UnstyledButton', <M.UnstyledButton component="a" href="/">x</M.UnstyledButton>, <L.UnstyledButton component="a" href="/">x</L.UnstyledButton>],
  ['Button', <M.Button>Go</M.Button>, <L.Button>Go</L.Button>],
  ['Button compact with icon', <M.Button size="compact-md" leftSection={icon} disabled>Go</M.Button>, <L.Button size="compact-md" leftSection={icon} disabled>Go</L.Button>],
  ['Button light red', <M.Button size="xs" variant="light" color="red">x</M.Button>, <L.Button size="xs" variant="light" color="red">x</L.Button>],
  ['Button default', <M.Button variant="default" leftSection={icon} rightSection={icon}>x</M.Button>, <L.Button variant="default" leftSection={icon} rightSection={icon}>x</L.Button>],
  ['Button subtle dark link', <M.Button component="a" href="/" variant="subtle" color="dark">x</M.Button>, <L.Button component="a" href="/" variant="subtle" color="dark">x</L.Button>],
  ['Button light primary', <M.Button variant="light" fullWidth>x</M.Button>, <L.Button variant="light" fullWidth>x</L.Button>],
  ['ActionIcon filled', <M.ActionIcon size={34} variant="filled" aria-pressed>x</M.ActionIcon>, <L.ActionIcon size={34} variant="filled" aria-pressed>x</L.ActionIcon>],
  ['ActionIcon default', <M.ActionIcon size={34} variant="default">x</M.ActionIcon>, <L.ActionIcon size={34} variant="default">x</L.ActionIcon>],
  ['ActionIcon subtle gray.3', <M.ActionIcon variant="subtle" color="gray.3" size="lg">x</M.ActionIcon>, <L.ActionIcon variant="subtle" color="gray.3" size="lg">x</L.ActionIcon>],
  ['ActionIcon light gray.3', <M.ActionIcon variant="light" color="gray.3">x</M.ActionIcon>, <L.ActionIcon variant="light" color="gray.3">x</L.ActionIcon>],
  ['Button filled shade', <M.Button color="red.7">x</M.Button>, <L.Button color="red.7">x</L.Button>],
  ['Badge outline gray.3', <M.Badge variant="outline" color="gray.3">x</M.Badge>, <L.Badge variant="outline" color="gray.3">x</L.Badge>],
  ['ActionIcon subtle gray', <M.ActionIcon variant="subtle" color="gray" size="sm">x</M.ActionIcon>, <L.ActionIcon variant="subtle" color="gray" size="sm">x</L.ActionIcon>],
  ['ActionIcon group', <M.ActionIcon.Group>x</M.ActionIcon.Group>, <L.ActionIconGroup>x</L.ActionIconGroup>],
  ['CloseButton', <M.CloseButton size="sm" aria-label="c" />, <L.CloseButton size="sm" aria-label="c" />],
  ['Burger', <M.Burger opened={false} aria-label="m" />, <L.Burger opened={false} aria-label="m" />],
  ['Burger opened', <M.Burger opened aria-label="m" />, <L.Burger opened aria-label="m" />],
  ['Badge', <M.Badge color="green" variant="light" size="lg" radius="sm">x</M.Badge>, <L.Badge color="green" variant="light" size="lg" radius="sm">x</L.Badge>],
  ['Badge filled', <M.Badge color="red" variant="filled" autoContrast={false} radius="sm">x</M.Badge>, <L.Badge color="red" variant="filled" autoContrast={false} radius="sm">x</L.Badge>],
  ['ThemeIcon', <M.ThemeIcon size="sm" radius="xl" variant="light" color="green">x</M.ThemeIcon>, <L.ThemeIcon size="sm" radius="xl" variant="light" color="green">x</L.ThemeIcon>],
  ['ThemeIcon in px', <M.ThemeIcon size={64} radius={64} variant="light" color="gray">x</M.ThemeIcon>, <L.ThemeIcon size={64} radius={64} variant="light" color="gray">x</L.ThemeIcon>],
  ['Avatar initial', <M.Avatar src={null} size={40} radius="xl" color="blue" variant="filled" aria-hidden>D</M.Avatar>, <L.Avatar src={null} size={40} radius="xl" variant="filled" aria-hidden>D</L.Avatar>],
  ['Avatar picture', <M.Avatar src="/l.png" alt="D" size="var(--x)" radius="xl" color="blue" variant="filled">D</M.Avatar>, <L.Avatar src="/l.png" alt="D" size="var(--x)" radius="xl" variant="filled">D</L.Avatar>],
  ['Indicator', <M.Indicator label={3} size={18} offset={4} color="red"><b /></M.Indicator>, <L.Indicator label={3} size={18} offset={4} color="red"><b /></L.Indicator>],
  ['Indicator off', <M.Indicator label={0} size={18} disabled offset={4} color="red"><b /></M.Indicator>, <L.Indicator label={0} size={18} disabled offset={4} color="red"><b /></L.Indicator>],
  ['Alert', <M.Alert color="orange" variant="light" title="T" icon={icon} role="status">x</M.Alert>, <L.Alert color="orange" variant="light" title="T" icon={icon} role="status">x</L.Alert>],
  ['Alert red', <M.Alert color="red" title="T" icon={icon}>x</M.Alert>, <L.Alert color="red" title="T" icon={icon}>x</L.Alert>],
  ['Skeleton', <M.Skeleton height={18} width="70%" />, <L.Skeleton height={18} width="70%" />],
  ['Skeleton round', <M.Skeleton height={34} width={120} radius="xl" />, <L.Skeleton height={34} width={120} radius="xl" />],
  ['Skeleton circle', <M.Skeleton circle height={88} />, <L.Skeleton circle height={88} />],
  ['Divider', <M.Divider color="dark.5" />, <L.Divider color="dark.5" />],
  ['Loader', <M.Loader size="xs" aria-label="u" />, <L.Loader size="xs" aria-label="u" />],
  ['SimpleGrid', <M.SimpleGrid cols={1} spacing="xl">x</M.SimpleGrid>, <L.SimpleGrid spacing="xl" style={{ '--sg-cols': 1 } as React.CSSProperties}>x</L.SimpleGrid>],
  [
    'TextInput',
    <M.TextInput type="search" value="" onChange={() => {}} placeholder="s" leftSection={icon} aria-label="s" maxLength={100} style={{ flex: 1 }} />,
    <L.TextInput type="search" value="" onChange={() => {}} placeholder="s" leftSection={icon} aria-label="s" maxLength={100} style={{ flex: 1 }} />,
  ],
  [
    'TextInput with a clear button',
    <M.TextInput value="a" onChange={() => {}} rightSection={<M.CloseButton size="sm" aria-label="c" />} aria-label="s" />,
    <L.TextInput value="a" onChange={() => {}} rightSection={<L.CloseButton size="sm" aria-label="c" />} aria-label="s" />,
  ],
  [
    'TextInput with a label, required',
    <M.TextInput id="n" label="Name" required autoComplete="name" value="" onChange={() => {}} />,
    <F.TextField id="n" label="Name" required autoComplete="name" value="" onChange={() => {}} />,
  ],
  [
    'TextInput with an error',
    <M.TextInput id="n" label="Phone" type="tel" error="Bad" value="a" onChange={() => {}} style={{ width: 160 }} />,
    <F.TextField id="n" label="Phone" type="tel" error="Bad" value="a" onChange={() => {}} style={{ width: 160 }} />,
  ],
  [
    'Textarea with an error',
    <M.Textarea id="t" label="Note" placeholder="p" rows={2} resize="vertical" classNames={{ input: 'grow' }} required error="E" value="" onChange={() => {}} />,
    <F.Textarea id="t" label="Note" placeholder="p" rows={2} resize="vertical" inputClassName="grow" required error="E" value="" onChange={() => {}} />,
  ],
  [
    'Textarea with a description',
    <M.Textarea id="t" label="Msg" required description="0 / 10" styles={{ description: { color: 'red' } }} error="E" value="" onChange={() => {}} />,
    <F.Textarea id="t" label="Msg" required description="0 / 10" descriptionStyle={{ color: 'red' }} error="E" value="" onChange={() => {}} />,
  ],
  [
    'NativeSelect',
    <M.NativeSelect id="s" label="Day" data={[{ value: 'a', label: 'A' }, { value: 'b', label: 'B', disabled: true }]} value="a" onChange={() => {}} maw={320} />,
    <F.NativeSelect id="s" label="Day" data={[{ value: 'a', label: 'A' }, { value: 'b', label: 'B', disabled: true }]} value="a" onChange={() => {}} style={{ maxWidth: L.rem(320) }} />,
  ],
  ['Checkbox', <M.Checkbox id="c" label="Yes" checked={false} onChange={() => {}} />, <F.Checkbox id="c" label="Yes" checked={false} onChange={() => {}} />],
  ['Checkbox checked', <M.Checkbox id="c" label="Yes" checked onChange={() => {}} />, <F.Checkbox id="c" label="Yes" checked onChange={() => {}} />],
  [
    'Radio group',
    <M.Radio.Group label="When" value="asap" onChange={() => {}}>
      <M.Radio id="r1" value="asap" label="Now" />
      <M.Radio id="r2" value="later" label="Later" />
    </M.Radio.Group>,
    <F.RadioGroup label="When" value="asap" onChange={() => {}}>
      <F.Radio id="r1" value="asap" label="Now" />
      <F.Radio id="r2" value="later" label="Later" />
    </F.RadioGroup>,
  ],
  ['Button busy', <M.Button type="submit" size="lg" loading>Go</M.Button>, <L.Button type="submit" size="lg" loading>Go</L.Button>],
  [
    'Chips of one choice',
    <M.Chip.Group multiple={false} value="a" onChange={() => {}}>
      <M.Chip id="a" value="a" size="sm" variant="outline">a</M.Chip>
      <M.Chip id="b" value="b" size="sm" variant="outline" disabled>b</M.Chip>
    </M.Chip.Group>,
    <>
      <L.Chip id="a" type="radio" value="a" checked onChange={() => {}}>a</L.Chip>
      <L.Chip id="b" type="radio" value="b" checked={false} disabled onChange={() => {}}>b</L.Chip>
    </>,
  ],
  ['Chip', <M.Chip checked={false} onChange={() => {}} size="sm" variant="outline" color="green" icon={icon}>x</M.Chip>, <L.Chip checked={false} onChange={() => {}} size="sm" color="green" icon={icon}>x</L.Chip>],
  ['Chip checked', <M.Chip checked onChange={() => {}} size="sm" variant="outline" color="grape" icon={icon} aria-label="a">x</M.Chip>, <L.Chip checked onChange={() => {}} size="sm" color="grape" icon={icon} aria-label="a">x</L.Chip>],
  [
    'SegmentedControl',
    <M.SegmentedControl data={[{ value: 'en', label: 'EN' }, { value: 'de', label: 'DE' }]} value="de" onChange={() => {}} size="xs" aria-label="lang" />,
    <L.SegmentedControl data={[{ value: 'en', label: 'EN' }, { value: 'de', label: 'DE' }]} value="de" onChange={() => {}} size="xs" aria-label="lang" />,
  ],
  [
    'SegmentedControl full width',
    <M.SegmentedControl fullWidth data={[{ value: 'pickup', label: 'Pickup' }, { value: 'delivery', label: 'Delivery' }]} value="pickup" onChange={() => {}} aria-label="how" />,
    <L.SegmentedControl fullWidth data={[{ value: 'pickup', label: 'Pickup' }, { value: 'delivery', label: 'Delivery' }]} value="pickup" onChange={() => {}} aria-label="how" />,
  ],
  [
    'Tabs',
    <M.Tabs value="b" variant="pills" radius="xl">
      <M.Tabs.List aria-label="c" style={{ flexWrap: 'nowrap' }}>
        <M.Tabs.Tab value="a" style={{ flexShrink: 0 }}>A</M.Tabs.Tab>
        <M.Tabs.Tab value="b" style={{ flexShrink: 0 }}>B</M.Tabs.Tab>
      </M.Tabs.List>
    </M.Tabs>,
    <L.PillTabs value="b" radius="xl" label="c" listStyle={{ flexWrap: 'nowrap' }} tabStyle={{ flexShrink: 0 }} onChange={() => {}} tabs={[{ value: 'a', label: 'A' }, { value: 'b', label: 'B' }]} />,
  ],
  ...[1, 5, 10].map((page): [string, ReactElement, ReactElement] => [
    `Pagination on page ${page} of 10`,
    <M.Pagination total={10} value={page} withEdges getControlProps={(c) => ({ 'aria-label': c })} getItemProps={(p) => ({ 'aria-label': `p${p}` })} />,
    <L.Pagination total={10} value={page} withEdges onChange={() => {}} controlLabel={(c) => c} pageLabel={(p) => `p${p}`} />,
  ]),
  [
    'Breadcrumbs',
    <M.Breadcrumbs separator="/"><a href="/">a</a><span>b</span></M.Breadcrumbs>,
    <L.Breadcrumbs separator="/">{[<a href="/">a</a>, <span>b</span>]}</L.Breadcrumbs>,
  ],
];

describe('light components', () => {
  it.each(cases)('%s renders Mantine markup', (_, mantine, lite) => {
    expect(normalize(asLite(render(lite)))).toBe(normalize(asMantine(render(mantine))));
  });

  it("lists Mantine's pages for every page of up to 40", () => {
    for (let total = 1; total <= 40; total++) {
      for (let page = 1; page <= total; page++) {
        const html = render(<M.Pagination total={total} value={page} getItemProps={(p) => ({ 'aria-label': `p${p}` })} />);
        const shown = [...html.matchAll(/aria-label="p(\d+)"|mantine-Pagination-dots/g)].map((match) => (match[1] ? Number(match[1]) : 'dots'));
        expect(pageRange(total, page), `${page} of ${total}`).toEqual(shown);
      }
    }
  });
});

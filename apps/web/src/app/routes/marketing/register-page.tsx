import { Alert, Anchor, Box, Container, Grid, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconCheck, IconCrown } from '@tabler/icons-react';
import { useTranslation } from '../../i18n.ts';
import { Link, useSearchParams } from 'react-router';
import { RegistrationForm } from '../../../features/registration/components/registration-form.tsx';

const BENEFITS = ['free', 'minutes', 'domain', 'team'] as const;

/** SPEC §2.1 /tenant-register: a restaurant signs up and lands in its own dashboard. */
export default function RegisterPage() {
  const { t } = useTranslation('marketing');
  // From the pricing page's Premium button: every restaurant starts on Free, so say how Premium follows.
  const [params] = useSearchParams();
  const premium = params.get('plan') === 'premium';
  return (
    <Box style={{ background: 'linear-gradient(180deg, var(--mantine-color-orange-0) 0, var(--mantine-color-gray-0) 420px)' }}>
      <Container size="lg" py={{ base: 'xl', sm: 56 }} px={{ base: 'sm', sm: 'md' }}>
        <Grid gutter={{ base: 'lg', lg: 48 }}>
          <Grid.Col span={{ base: 12, lg: 4 }}>
            <Stack gap="md" pos={{ base: 'static', lg: 'sticky' }} top={100} px={{ base: 'xs', sm: 0 }}>
              <Title order={1} fz={{ base: 28, sm: 38 }} lh={1.15} lts={-0.5}>
                {t('register.title')}
              </Title>
              <Text c="dark.5" size="lg">
                {t('register.subtitle')}
              </Text>
              <Stack gap="sm" mt="xs" visibleFrom="lg">
                {BENEFITS.map((key) => (
                  <Group key={key} gap="sm" wrap="nowrap" align="flex-start">
                    <ThemeIcon size={24} radius="xl" color="teal" variant="light">
                      <IconCheck size={15} />
                    </ThemeIcon>
                    <div>
                      <Text fw={600} size="sm">
                        {t(`register.benefits.${key}.title`)}
                      </Text>
                      <Text size="sm" c="dimmed">
                        {t(`register.benefits.${key}.text`)}
                      </Text>
                    </div>
                  </Group>
                ))}
              </Stack>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, lg: 8 }}>
            {premium && (
              <Alert color="orange" variant="light" icon={<IconCrown />} title={t('register.premium_title')} mb="md" radius="md">
                {t('register.premium_text')}
              </Alert>
            )}
            <Paper withBorder shadow="sm" radius="lg" p={{ base: 'md', sm: 'xl' }}>
              <RegistrationForm />
            </Paper>
            <Text ta="center" mt="lg" size="sm" c="dimmed">
              {t('register.have_account')}{' '}
              <Anchor component={Link} to="/login" fw={600} size="sm">
                {t('register.sign_in')}
              </Anchor>
            </Text>
          </Grid.Col>
        </Grid>
      </Container>
    </Box>
  );
}

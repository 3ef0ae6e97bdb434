import { Box, type BoxProps } from '@mantine/core';
import classes from './ServerHtml.module.css';

export interface ServerHtmlProps extends BoxProps {
  /** HTML built by the server with every value escaped (docs/decisions/021). */
  html: string;
}

/**
 * HTML the API builds and escapes itself (the 900 reasons, Consulta Restritiva / Analítica; the
 * Fechamento report can use it too): rendered as trusted markup with the app's look for its plain
 * tags. Never put anything else here — text from users goes through React as text.
 */
export function ServerHtml({ html, className, ...box }: ServerHtmlProps) {
  return <Box {...box} className={[classes.html, className].filter(Boolean).join(' ')} dangerouslySetInnerHTML={{ __html: html }} />;
}

<?xml version="1.0" encoding="UTF-8"?>
<xsl:stylesheet version="1.0" xmlns:xsl="http://www.w3.org/1999/XSL/Transform"
  xmlns:sm="http://www.sitemaps.org/schemas/sitemap/0.9">
  <xsl:output method="html" encoding="UTF-8" indent="yes"/>
  <xsl:template match="/">
    <html lang="en">
      <head>
        <meta name="viewport" content="width=device-width, initial-scale=1"/>
        <title>Hourline sitemap</title>
        <link rel="stylesheet" href="/sitemap.css"/>
      </head>
      <body>
        <main>
          <h1>Hourline sitemap</h1>
          <p>This file tells search engines about the <xsl:value-of select="count(sm:urlset/sm:url)"/> public pages of the site. People may prefer the <a href="/site-map">site map page</a>.</p>
          <table>
            <thead><tr><th scope="col">Page</th><th scope="col">Last modified</th></tr></thead>
            <tbody>
              <xsl:for-each select="sm:urlset/sm:url">
                <tr>
                  <td><a href="{sm:loc}"><xsl:value-of select="sm:loc"/></a></td>
                  <td><xsl:value-of select="sm:lastmod"/></td>
                </tr>
              </xsl:for-each>
            </tbody>
          </table>
        </main>
      </body>
    </html>
  </xsl:template>
</xsl:stylesheet>

data "sender_content_report" "news" {
  subject      = "Spring is here"
  content      = "<h1>Spring is here</h1><img src='https://example.com/spring.png'>"
  content_type = "html"
}

output "content_findings" {
  value = data.sender_content_report.news.findings[*].message
}

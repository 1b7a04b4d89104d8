data "sender_content_report" "news" {
  subject      = "Spring is here"
  content      = file("${path.module}/newsletter.html")
  content_type = "html"
}

output "content_findings" {
  value = data.sender_content_report.news.findings[*].message
}
